/**
 * Search indexes (`spec/management-api.md` §3.4) and the spec's endpoint rules for
 * `POST /search/{id}/rename` and `/transfer` (interfaces.md "Management interface" rule 1).
 */
import { Search } from "@upstash/search";
import { test } from "vitest";
import { EMAIL, startManagementEmulator } from "./fixtures.ts";

const CREATE_SEARCH = { name: "docs", region: "eu-west-1", type: "payg" } as const;

test("create, list, get, rename, reset-password, delete", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const created = await emu.api("POST", "/search", { body: CREATE_SEARCH });
  expect(created.status).toBe(200);
  expect(created.json).toMatchObject({
    name: "docs",
    region: "eu-west-1",
    type: "payg",
    customer_id: EMAIL,
    vercel_email: "",
    input_enrichment_enabled: false,
    token: expect.any(String),
    read_only_token: expect.any(String),
    endpoint: expect.any(String),
    creation_time: expect.any(Number),
    max_vector_count: expect.any(Number),
    max_monthly_reranks: expect.any(Number),
    throughput_vector: [],
  });
  const id = created.json.id;
  expect(created.json.rest_url).toBe(`${emu.emulator.url}/search/${id}`);
  // The default search database that exists at start is listed too.
  expect((await emu.api("GET", "/search")).json).toEqual([
    expect.objectContaining({
      name: "default",
      rest_url: emu.emulator.searchUrl,
      token: emu.emulator.searchToken,
      read_only_token: emu.emulator.searchReadOnlyToken,
    }),
    created.json,
  ]);
  expect((await emu.api("GET", `/search/${id}`)).json).toEqual(created.json);

  const renamed = await emu.api("POST", `/search/${id}/rename`, { body: { name: "manuals" } });
  expect([renamed.status, renamed.text]).toEqual([200, '"OK"']);
  expect((await emu.api("GET", `/search/${id}`)).json.name).toBe("manuals");

  expect((await emu.api("POST", `/search/${id}/reset-password`)).text).toBe('"OK"');
  expect((await emu.api("GET", `/search/${id}`)).json.token).not.toBe(created.json.token);

  expect((await emu.api("DELETE", `/search/${id}`)).text).toBe('"OK"');
  const gone = await emu.api("GET", `/search/${id}`);
  expect([gone.status, gone.json]).toEqual([404, { error: "index not found" }]);
});

test("transfer: personal → team allowed, team → personal refused with a clear 400", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  const { json: index } = await emu.api("POST", "/search", { body: CREATE_SEARCH });
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "search-team", copy_cc: false },
  });
  const toTeam = await emu.api("POST", `/search/${index.id}/transfer`, {
    body: { target_account: team.team_id },
  });
  expect([toTeam.status, toTeam.text]).toEqual([200, '"OK"']);
  expect((await emu.api("GET", `/search/${index.id}`)).json.customer_id).toBe(team.team_id);

  const toPersonal = await emu.api("POST", `/search/${index.id}/transfer`, {
    body: { target_account: EMAIL },
  });
  expect(toPersonal.status).toBe(400);
  expect(toPersonal.json.error).toMatch(/^Transferring to a personal account is not supported/);
  const toNowhere = await emu.api("POST", `/search/${index.id}/transfer`, {
    body: { target_account: "no-such-team" },
  });
  expect([toNowhere.status, toNowhere.json]).toEqual([404, { error: "team not found" }]);
});

test.for([
  ["POST", "/search", { region: "eu-west-1", type: "payg" }, "name is required"],
  ["POST", "/search", { name: "x", region: "mars-1", type: "payg" }, "region"],
  ["POST", "/search", { name: "x", region: "eu-west-1", type: "gold" }, "type"],
  ["POST", "/search/ID/rename", {}, "name is required"],
  ["POST", "/search/ID/rename", { name: 42 }, "name"],
  ["POST", "/search/ID/transfer", {}, "target_account is required"],
  ["POST", "/search/ID/transfer", { target_account: 7 }, "target_account"],
] as const)(
  "%s %s with %j → 400 naming the field",
  async ([method, path, body, text], { expect }) => {
    await using emu = await startManagementEmulator();
    const { json: index } = await emu.api("POST", "/search", { body: CREATE_SEARCH });
    const response = await emu.api(method, path.replace("ID", index.id), { body });
    expect(response.status).toBe(400);
    expect(response.json.error).toContain(text);
  },
);

test("unknown search ids are 404", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  for (const [method, path, body] of [
    ["GET", "/search/nope", undefined],
    ["DELETE", "/search/nope", undefined],
    ["POST", "/search/nope/rename", { name: "x" }],
    ["POST", "/search/nope/transfer", { target_account: "t" }],
    ["GET", "/search/nope/stats", undefined],
  ] as const) {
    const response = await emu.api(method, path, { body });
    expect([path, response.status, response.json]).toEqual([
      path,
      404,
      { error: "index not found" },
    ]);
  }
});

test("GET /search/stats is the global stats, not an index called 'stats' (§1)", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  await emu.api("POST", "/search", { body: CREATE_SEARCH });
  const stats = await emu.api("GET", "/search/stats");
  expect(stats.json).toEqual({
    record_count: 0,
    request: 0,
    bandwidth: 0,
    storage: 0,
    billing: 0,
    rerank_count: 0,
  });
});

test("search index stats have the VectorStats shape, per period", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const { json: index } = await emu.api("POST", "/search", { body: CREATE_SEARCH });
  const { json: stats } = await emu.api("GET", `/search/${index.id}/stats?period=30d`);
  expect(stats.query_throughput).toHaveLength(240);
  expect(stats.days).toHaveLength(5);
  expect(stats).toMatchObject({ current_vector_count: 0, monthly_cost: 0, daily_query_count: 0 });
  const bad = await emu.api("GET", `/search/${index.id}/stats?period=2d`);
  expect(bad.status).toBe(400);
});

test("search indexes made through /v2 are live for @upstash/search, across rename and transfer", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  const { json: created } = await emu.api("POST", "/search", { body: CREATE_SEARCH });
  const sdk = (token: string) =>
    new Search({ url: created.rest_url, token, retry: false, enableTelemetry: false });
  const docs = sdk(created.token).index("manuals");
  await docs.upsert([
    { id: "oven", content: { text: "how to clean the oven door" }, metadata: { page: 3 } },
    { id: "fridge", content: { text: "defrost the freezer compartment" } },
  ]);
  const found = async (client: Search) =>
    (await client.index("manuals").search({ query: "clean oven", limit: 1 })).map((hit) => hit.id);
  expect(await found(sdk(created.token))).toEqual(["oven"]);
  expect(await found(sdk(created.read_only_token))).toEqual(["oven"]);

  await emu.api("POST", `/search/${created.id}/rename`, { body: { name: "renamed" } });
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "docs-team", copy_cc: false },
  });
  await emu.api("POST", `/search/${created.id}/transfer`, {
    body: { target_account: team.team_id },
  });
  const { json: moved } = await emu.api("GET", `/search/${created.id}`);
  expect(moved).toMatchObject({
    name: "renamed",
    customer_id: team.team_id,
    rest_url: created.rest_url,
    token: created.token,
  });
  expect(await found(sdk(created.token))).toEqual(["oven"]);

  // Statistics read the live database: two documents, and the requests made above.
  const { json: stats } = await emu.api("GET", `/search/${created.id}/stats`);
  expect(stats).toMatchObject({ current_vector_count: 2, pending_index_count: 0 });
  expect(stats.daily_query_count).toBeGreaterThanOrEqual(3);
  expect(stats.daily_update_count).toBe(2);
  expect(stats).toMatchObject({ daily_rerank_count: 0, monthly_rerank_count: 0 });
  // A re-ranked search counts its re-ranked documents (2 here), as the service bills them.
  await sdk(created.token).index("manuals").search({ query: "oven", reranking: true });
  const { json: reranked } = await emu.api("GET", `/search/${created.id}/stats`);
  expect(reranked).toMatchObject({ daily_rerank_count: 2, monthly_rerank_count: 2 });
  const { json: totals } = await emu.api("GET", "/search/stats");
  expect(totals).toMatchObject({ record_count: 2, rerank_count: 2 });

  // reset-password: the old tokens are refused from the next request on.
  await emu.api("POST", `/search/${created.id}/reset-password`);
  await expect(found(sdk(created.token))).rejects.toThrow("Unauthorized: Invalid auth token");
  await expect(found(sdk(created.read_only_token))).rejects.toThrow(
    "Unauthorized: Invalid auth token",
  );
  const { json: rekeyed } = await emu.api("GET", `/search/${created.id}`);
  expect(await found(sdk(rekeyed.token))).toEqual(["oven"]);

  await emu.api("DELETE", `/search/${created.id}`);
  await expect(found(sdk(rekeyed.token))).rejects.toThrow(
    `Search database ${created.id} does not exist.`,
  );
});
