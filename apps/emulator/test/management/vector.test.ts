/**
 * Vector indexes through the management API (`spec/management-api.md` §3.3, §4.2): a live index's
 * whole life and the operations that answer "OK".
 */
import { test } from "vitest";
import { EMAIL, startManagementEmulator } from "./fixtures.ts";

const CREATE_INDEX = {
  name: "My Index",
  region: "us-east-1",
  similarity_function: "DOT_PRODUCT",
  dimension_count: 3,
} as const;

test("create → use over REST → reset password → old token 401 → delete → URL 404", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  const created = await emu.api("POST", "/vector/index", { body: CREATE_INDEX });
  expect(created.status).toBe(200);
  const index = created.json;
  expect(index).toMatchObject({
    name: "My Index",
    similarity_function: "DOT_PRODUCT",
    dimension_count: 3,
    index_type: "DENSE",
    region: "us-east-1",
    customer_id: EMAIL,
    rest_url: `${emu.emulator.url}/vector/my-index`,
    token: expect.any(String),
    read_only_token: expect.any(String),
  });
  const upsert = await emu.rest(`${index.rest_url}/upsert`, index.token, {
    id: "v1",
    vector: [1, 2, 3],
  });
  expect(upsert.status).toBe(200);
  const fetched = await emu.rest(`${index.rest_url}/fetch`, index.read_only_token, {
    ids: ["v1"],
    includeVectors: true,
  });
  expect(fetched.json.result[0]).toMatchObject({ id: "v1", vector: [1, 2, 3] });

  // reset-password answers "OK"; a GET shows the new tokens (§3.3).
  const reset = await emu.api("POST", `/vector/index/${index.id}/reset-password`);
  expect([reset.status, reset.text]).toEqual([200, '"OK"']);
  const { json: after } = await emu.api("GET", `/vector/index/${index.id}`);
  expect(after.token).not.toBe(index.token);
  expect(after.read_only_token).not.toBe(index.read_only_token);
  expect((await emu.rest(`${index.rest_url}/info`, index.token)).status).toBe(401);
  expect((await emu.rest(`${index.rest_url}/info`, after.token)).status).toBe(200);

  expect((await emu.api("DELETE", `/vector/index/${index.id}`)).text).toBe('"OK"');
  expect((await emu.rest(`${index.rest_url}/info`, after.token)).status).toBe(404);
  const missing = await emu.api("GET", `/vector/index/${index.id}`);
  expect([missing.status, missing.json]).toEqual([404, { error: "index not found" }]);
});

test("the default index is listed; rename, setplan and transfer answer OK", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const list = await emu.api("GET", "/vector/index");
  expect(list.json.map((index: { name: string }) => index.name)).toEqual(["default"]);
  const { json: index } = await emu.api("POST", "/vector/index", { body: CREATE_INDEX });
  const renamed = await emu.api("POST", `/vector/index/${index.id}/rename`, {
    body: { name: "renamed" },
  });
  expect(renamed.text).toBe('"OK"');
  const plan = await emu.api("POST", `/vector/index/${index.id}/setplan`, {
    body: { target_plan: "fixed" },
  });
  expect(plan.text).toBe('"OK"');
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "ml", copy_cc: false },
  });
  const transfer = await emu.api("POST", `/vector/index/${index.id}/transfer`, {
    body: { target_account: team.team_id },
  });
  expect(transfer.text).toBe('"OK"');
  const { json: after } = await emu.api("GET", `/vector/index/${index.id}`);
  // The URL name is fixed at creation, like the service's endpoint.
  expect(after).toMatchObject({
    name: "renamed",
    type: "fixed",
    customer_id: team.team_id,
    rest_url: index.rest_url,
  });
  const toPersonal = await emu.api("POST", `/vector/index/${index.id}/transfer`, {
    body: { target_account: EMAIL },
  });
  expect(toPersonal.status).toBe(400);
});

test("an embedding model fixes the dimension", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const created = await emu.api("POST", "/vector/index", {
    body: {
      ...CREATE_INDEX,
      name: "embedded",
      dimension_count: 384,
      embedding_model: "BGE_SMALL_EN_V1_5",
    },
  });
  expect(created.json).toMatchObject({
    dimension_count: 384,
    embedding_model: "BGE_SMALL_EN_V1_5",
  });
  const mismatch = await emu.api("POST", "/vector/index", {
    body: { ...CREATE_INDEX, dimension_count: 3, embedding_model: "BGE_SMALL_EN_V1_5" },
  });
  expect(mismatch.status).toBe(400);
  expect(mismatch.json.error).toMatch(/^dimension_count must be 384/);
});

test.for([
  [{ ...CREATE_INDEX, similarity_function: "MANHATTAN" }, "similarity_function"],
  [{ ...CREATE_INDEX, dimension_count: "3" }, "dimension_count"],
  [{ ...CREATE_INDEX, dimension_count: 0 }, "dimension_count"],
  [{ ...CREATE_INDEX, region: undefined }, "region is required"],
  [{ ...CREATE_INDEX, index_type: "DENSEST" }, "index_type"],
] as const)("create with %j → 400 naming %s", async ([body, text], { expect }) => {
  await using emu = await startManagementEmulator();
  const response = await emu.api("POST", "/vector/index", { body });
  expect(response.status).toBe(400);
  expect(response.json.error).toContain(text);
});

test("unknown index ids are 404", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  for (const [method, path, body] of [
    ["GET", "/vector/index/nope", undefined],
    ["DELETE", "/vector/index/nope", undefined],
    ["POST", "/vector/index/nope/rename", { name: "x" }],
    ["POST", "/vector/index/nope/reset-password", undefined],
    ["POST", "/vector/index/nope/setplan", { target_plan: "payg" }],
    ["POST", "/vector/index/nope/transfer", { target_account: "t" }],
    ["GET", "/vector/index/nope/stats", undefined],
  ] as const) {
    const response = await emu.api(method, path, { body });
    expect([path, response.status, response.json]).toEqual([
      path,
      404,
      { error: "index not found" },
    ]);
  }
});
