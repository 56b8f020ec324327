/** Teams and members (`spec/management-api.md` §3.2). */
import { test } from "vitest";
import { API_KEY, basicAuth, CREATE_DATABASE, EMAIL, startManagementEmulator } from "./fixtures.ts";

test("create, list, members add/list/remove, delete", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const created = await emu.api("POST", "/team", { body: { team_name: "ops", copy_cc: true } });
  expect(created.json).toEqual({ team_id: expect.any(String), team_name: "ops", copy_cc: true });
  const teamId = created.json.team_id;
  expect((await emu.api("GET", "/teams")).json).toEqual([created.json]);

  const added = await emu.api("POST", "/teams/member", {
    body: { team_id: teamId, member_email: "ana@example.com", member_role: "dev" },
  });
  expect(added.json).toEqual({
    team_id: teamId,
    team_name: "ops",
    member_email: "ana@example.com",
    member_role: "dev",
    copy_cc: true,
  });
  const members = await emu.api("GET", `/teams/${teamId}`);
  expect(
    members.json.map((member: { member_email: string; member_role: string }) => [
      member.member_email,
      member.member_role,
    ]),
  ).toEqual([
    [EMAIL, "owner"],
    ["ana@example.com", "dev"],
  ]);
  const duplicate = await emu.api("POST", "/teams/member", {
    body: { team_id: teamId, member_email: "ana@example.com", member_role: "admin" },
  });
  expect(duplicate.status).toBe(400);

  // DELETE /teams/member takes a JSON body (§1).
  const removed = await emu.api("DELETE", "/teams/member", {
    body: { team_id: teamId, member_email: "ana@example.com" },
  });
  expect(removed.text).toBe('"OK"');
  const removedAgain = await emu.api("DELETE", "/teams/member", {
    body: { team_id: teamId, member_email: "ana@example.com" },
  });
  expect([removedAgain.status, removedAgain.json]).toEqual([404, { error: "member not found" }]);

  expect((await emu.api("DELETE", `/team/${teamId}`)).text).toBe('"OK"');
  expect((await emu.api("GET", "/teams")).json).toEqual([]);
  const gone = await emu.api("GET", `/teams/${teamId}`);
  expect([gone.status, gone.json]).toEqual([404, { error: "team not found" }]);
});

test("a team that owns resources cannot be deleted", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "ops", copy_cc: false },
  });
  const { json: database } = await emu.api("POST", "/redis/database", { body: CREATE_DATABASE });
  await emu.api("POST", "/redis/move-to-team", {
    body: { team_id: team.team_id, database_id: database.database_id },
  });
  const refused = await emu.api("DELETE", `/team/${team.team_id}`);
  expect(refused.status).toBe(400);
  expect(refused.json.error).toMatch(/still owns 1 resource/);
});

test.for([
  ["POST", "/team", { copy_cc: false }, "team_name is required"],
  ["POST", "/team", { team_name: "x" }, "copy_cc is required"],
  ["POST", "/team", { team_name: "x", copy_cc: "no" }, "copy_cc"],
  [
    "POST",
    "/teams/member",
    { team_id: "t", member_email: "a@b", member_role: "owner" },
    "member_role",
  ],
  ["DELETE", "/teams/member", { team_id: "t" }, "member_email is required"],
] as const)(
  "%s %s with %j → 400 naming the field",
  async ([method, path, body, text], { expect }) => {
    await using emu = await startManagementEmulator();
    const response = await emu.api(method, path, { body });
    expect(response.status).toBe(400);
    expect(response.json.error).toContain(text);
  },
);

test("unknown teams are 404", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  for (const [method, path, body] of [
    ["DELETE", "/team/nope", undefined],
    ["GET", "/teams/nope", undefined],
    ["POST", "/teams/member", { team_id: "nope", member_email: "a@b.c", member_role: "dev" }],
  ] as const) {
    const response = await emu.api(method, path, { body });
    expect([path, response.status, response.json]).toEqual([
      path,
      404,
      { error: "team not found" },
    ]);
  }
});

test("mutations appear in the audit log", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  await emu.api("POST", "/team", { body: { team_name: "ops", copy_cc: false } });
  const logs = await emu.api("GET", "/auditlogs");
  expect(logs.json).toEqual([
    expect.objectContaining({ action_string: "Create Team", actor: EMAIL }),
  ]);
});

test("the audit log is also served at the root, without /v2, as on the service", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  await emu.api("POST", "/team", { body: { team_name: "ops", copy_cc: false } });
  const atRoot = await emu.emulator.fetch(`${emu.emulator.url}/auditlogs`, {
    headers: { authorization: basicAuth(EMAIL, API_KEY) },
  });
  expect(atRoot.status).toBe(200);
  expect(await atRoot.json()).toEqual([expect.objectContaining({ action_string: "Create Team" })]);
  const anonymous = await emu.emulator.fetch(`${emu.emulator.url}/auditlogs`);
  expect(anonymous.status).toBe(401);
});
