/**
 * Queue instances, the service's QStash (`spec/management-api.md` §2, §3.5): one per account and
 * per team, `/queue/...` and `/qstash/...` spellings, move-to-team and the budget rule.
 */
import { test } from "vitest";
import { EMAIL, startManagementEmulator } from "./fixtures.ts";

test("the account has one queue; each team gets its own", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const initial = await emu.api("GET", "/queue/users");
  expect(initial.json).toEqual([
    expect.objectContaining({
      customer_id: EMAIL,
      token: expect.any(String),
      read_only_token: expect.any(String),
      budget: 0,
      state: "active",
    }),
  ]);
  expect(initial.json[0]).not.toHaveProperty("modifying_state");
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "ops", copy_cc: false },
  });
  const users = await emu.api("GET", "/qstash/users");
  expect(users.json.map((user: { customer_id: string }) => user.customer_id)).toEqual([
    EMAIL,
    team.team_id,
  ]);
  const one = await emu.api("GET", `/qstash/user/${initial.json[0].id}`);
  expect(one.json).toEqual(initial.json[0]);
  // The legacy single-user endpoint.
  expect((await emu.api("GET", "/qstash/user")).json.id).toBe(initial.json[0].id);
});

test("move-to-team: queue_id on /queue, qstash_id on /qstash, each refusing the other", async ({
  expect,
}) => {
  await using emu = await startManagementEmulator();
  const [queue] = (await emu.api("GET", "/queue/users")).json;
  const { json: team } = await emu.api("POST", "/team", {
    body: { team_name: "ops", copy_cc: false },
  });
  const ours = await emu.api("POST", "/queue/move-to-team", {
    body: { queue_id: queue.id, target_team_id: team.team_id },
  });
  expect([ours.status, ours.text]).toEqual([200, '"OK"']);
  expect((await emu.api("GET", `/queue/user/${queue.id}`)).json.customer_id).toBe(team.team_id);

  const wrongField = await emu.api("POST", "/queue/move-to-team", {
    body: { qstash_id: queue.id, target_team_id: team.team_id },
  });
  expect([wrongField.status, wrongField.json]).toEqual([400, { error: "queue_id is required" }]);
  const serviceField = await emu.api("POST", "/qstash/move-to-team", {
    body: { queue_id: queue.id, target_team_id: team.team_id },
  });
  expect([serviceField.status, serviceField.json]).toEqual([
    400,
    { error: "qstash_id is required" },
  ]);
  const service = await emu.api("POST", "/qstash/move-to-team", {
    body: { qstash_id: queue.id, target_team_id: team.team_id },
  });
  expect(service.text).toBe('"OK"');

  const toPersonal = await emu.api("POST", "/queue/move-to-team", {
    body: { queue_id: queue.id, target_team_id: EMAIL },
  });
  expect(toPersonal.status).toBe(400);
  const unknownQueue = await emu.api("POST", "/queue/move-to-team", {
    body: { queue_id: "nope", target_team_id: team.team_id },
  });
  expect([unknownQueue.status, unknownQueue.json]).toEqual([404, { error: "queue not found" }]);
  const unknownTeam = await emu.api("POST", "/queue/move-to-team", {
    body: { queue_id: queue.id, target_team_id: "nope" },
  });
  expect([unknownTeam.status, unknownTeam.json]).toEqual([404, { error: "team not found" }]);
});

test.for([
  [0, 200],
  [20, 200],
  [500, 200],
  [10_000, 200],
  [1, 400],
  [19, 400],
  [-1, 400],
  [10_001, 400],
  [99.5, 400],
  ["50", 400],
  [null, 400],
] as const)("update-budget %j → %i on both spellings", async ([budget, status], { expect }) => {
  await using emu = await startManagementEmulator();
  const [queue] = (await emu.api("GET", "/queue/users")).json;
  for (const prefix of ["/queue", "/qstash"]) {
    const response = await emu.api("PATCH", `${prefix}/update-budget/${queue.id}`, {
      body: { budget },
    });
    expect(response.status).toBe(status);
    if (status === 200) {
      expect(response.text).toBe('"OK"');
      expect((await emu.api("GET", `/queue/user/${queue.id}`)).json.budget).toBe(budget);
    } else {
      // The message states the range.
      expect(response.json.error).toContain("0 (no limit) or between 20 and 10000");
    }
  }
});

test("a missing budget is 400 'budget is required'; unknown queue 404", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const [queue] = (await emu.api("GET", "/queue/users")).json;
  const missing = await emu.api("PATCH", `/queue/update-budget/${queue.id}`, { body: {} });
  expect([missing.status, missing.json]).toEqual([400, { error: "budget is required" }]);
  const unknown = await emu.api("PATCH", "/queue/update-budget/nope", { body: { budget: 20 } });
  expect([unknown.status, unknown.json]).toEqual([404, { error: "queue not found" }]);
});

test("rotate-token, set-plan, prodpack", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const [queue] = (await emu.api("GET", "/qstash/users")).json;
  const rotated = await emu.api("POST", `/qstash/rotate-token/${queue.id}`);
  expect(rotated.json.token).not.toBe(queue.token);
  const plan = await emu.api("POST", `/qstash/set-plan/${queue.id}`, {
    body: { plan_name: "qstash_fixed_1m" },
  });
  expect(plan.text).toBe('"OK"');
  expect((await emu.api("GET", `/qstash/user/${queue.id}`)).json.type).toBe("paid");
  const badPlan = await emu.api("POST", `/qstash/set-plan/${queue.id}`, {
    body: { plan_name: "gold" },
  });
  expect(badPlan.status).toBe(400);
  expect((await emu.api("POST", `/queue/enable-prodpack/${queue.id}`)).text).toBe('"OK"');
  const again = await emu.api("POST", `/qstash/enable-prodpack/${queue.id}`);
  expect([again.status, again.json]).toEqual([400, { error: "prod pack is already enabled" }]);
});

test("queue stats: the whole month's days and period series (§6.5)", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const [queue] = (await emu.api("GET", "/queue/users")).json;
  for (const prefix of ["/qstash", "/queue"]) {
    const { json: stats } = await emu.api("GET", `${prefix}/stats/${queue.id}?period=3h`);
    // START_MS is in March: 31 days, future ones included.
    expect(stats.days).toHaveLength(31);
    expect(stats.days[0]).toBe("Sunday");
    expect(stats.daily_requests).toHaveLength(31);
    expect(stats.daily_requests[0]).toMatchObject({ y: 0, workflow_message: 0, workflow_run: 0 });
    expect(stats.daily_used).toHaveLength(60);
    expect(stats.daily_qstash_messages[0]).toMatchObject({ id: "delivered" });
    expect(stats).toMatchObject({ dlq_message_count: 0, total_monthly_billing: 0 });
  }
  const legacy = await emu.api("GET", "/qstash/stats?period=1d");
  expect(legacy.json.daily_used).toHaveLength(60);
  const bad = await emu.api("GET", `/qstash/stats/${queue.id}?period=week`);
  expect(bad.status).toBe(400);
  const unknown = await emu.api("GET", "/qstash/stats/nope");
  expect([unknown.status, unknown.json]).toEqual([404, { error: "queue not found" }]);
});
