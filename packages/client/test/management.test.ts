/** The management client against the emulator's `/v2` API. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createManagement, HttpError, type Management, UsageError } from "../src/index.ts";

let emu: TestEmulator;
let management: Management;

beforeAll(async () => {
  emu = await startEmulator();
  const { email, apiKey } = emu.emulator.config;
  if (email === undefined || apiKey === undefined) {
    throw new Error("the emulator has no management credentials");
  }
  management = createManagement({ url: emu.url, email, apiKey });
});
afterAll(async () => {
  await management.close();
  await emu.stop();
});

describe("credentials", () => {
  test("a wrong API key is a 401 HttpError", async ({ expect }) => {
    await using stranger = createManagement({ url: emu.url, email: "x@y.z", apiKey: "nope" });
    const error = await stranger.redis.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, serverMessage: "unauthorized" });
  });
});

describe("redis databases", () => {
  test("create, list, get, rename and stats with a period", async ({ expect }) => {
    const created = await management.redis.create({
      database_name: "made-by-client",
      primary_region: "us-east-1",
    });
    const id = created.database_id;
    expect((await management.redis.list()).map((database) => database.database_id)).toContain(id);
    expect((await management.redis.get(id)).database_id).toBe(id);
    expect((await management.redis.rename(id, "renamed-db")).database_name).toBe("renamed-db");
    const stats = await management.redis.stats(id, { period: "3h" });
    expect(stats.throughput).toHaveLength(60);
  });

  test("an unknown database is a 404", async ({ expect }) => {
    await expect(management.redis.get("no-such-db")).rejects.toMatchObject({ status: 404 });
  });

  test("toggles answer OK, and delete", async ({ expect }) => {
    const { database_id: id } = await management.redis.create({
      database_name: "toggled",
      primary_region: "us-east-1",
    });
    expect(await management.redis.enableEviction(id)).toBe("OK");
    expect(await management.redis.disableEviction(id)).toBe("OK");
    await expect(management.redis.disableEviction(id)).rejects.toThrow(/already disabled/);
    expect(await management.redis.delete(id)).toBe("OK");
  });

  test("backups: create, list, restore, delete", async ({ expect }) => {
    const { database_id: id } = await management.redis.create({
      database_name: "backed-up",
      primary_region: "us-east-1",
    });
    expect(await management.redis.createBackup(id, "nightly")).toBe("OK");
    const [backup, ...others] = await management.redis.listBackups(id);
    expect(others).toEqual([]);
    expect(backup).toMatchObject({ database_id: id, name: "nightly", state: "completed" });
    const backupId = backup?.backup_id ?? "";
    expect(await management.redis.restoreBackup(id, backupId)).toBe("OK");
    expect(await management.redis.deleteBackup(id, backupId)).toBe("OK");
    expect(await management.redis.listBackups(id)).toEqual([]);
  });
});

describe("teams", () => {
  test("create, add and remove a member, delete", async ({ expect }) => {
    const team = await management.teams.create({ team_name: "crew", copy_cc: false });
    expect(team.team_name).toBe("crew");
    const member = await management.teams.addMember({
      team_id: team.team_id,
      member_email: "dev@example.com",
      member_role: "dev",
    });
    expect(member.member_role).toBe("dev");
    const members = await management.teams.members(team.team_id);
    expect(members.map((entry) => entry.member_email)).toContain("dev@example.com");
    expect(
      await management.teams.removeMember({
        team_id: team.team_id,
        member_email: "dev@example.com",
      }),
    ).toBe("OK");
    expect(await management.teams.delete(team.team_id)).toBe("OK");
    expect(Array.isArray(await management.teams.auditLogs())).toBe(true);
  });
});

describe("vector and search indexes", () => {
  test("vector index stats honour the period: 60 points, 240 for 30d", async ({ expect }) => {
    const [index] = await management.vector.list();
    const id = index?.id ?? "";
    expect((await management.vector.stats(id)).query_throughput).toHaveLength(60);
    expect((await management.vector.stats(id, { period: "30d" })).query_throughput).toHaveLength(
      240,
    );
    expect(await management.vector.globalStats()).toBeTypeOf("object");
  });

  test("an invalid period is refused before sending", async ({ expect }) => {
    await expect(
      // @ts-expect-error: not one of the seven periods
      management.vector.stats("any", { period: "2h" }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  test("create, rename, transfer and delete a search index", async ({ expect }) => {
    const team = await management.teams.create({ team_name: "search-team", copy_cc: false });
    const index = await management.search.create({
      name: "docs",
      region: "eu-west-1",
      type: "payg",
    });
    expect(await management.search.rename(index.id, "docs-2")).toBe("OK");
    expect((await management.search.get(index.id)).name).toBe("docs-2");
    expect(await management.search.transfer(index.id, team.team_id)).toBe("OK");
    expect((await management.search.stats(index.id, { period: "1d" })).vector_count).toHaveLength(
      60,
    );
    expect(await management.search.delete(index.id)).toBe("OK");
  });

  test("create, set plan and delete a vector index", async ({ expect }) => {
    const index = await management.vector.create({
      name: "made-by-client",
      region: "us-east-1",
      similarity_function: "COSINE",
      dimension_count: 8,
    });
    expect(index.dimension_count).toBe(8);
    expect(await management.vector.setPlan(index.id, "payg")).toBe("OK");
    expect(await management.vector.delete(index.id)).toBe("OK");
  });
});

describe("queues", () => {
  test("budget and move-to-team", async ({ expect }) => {
    const [queue] = await management.queue.list();
    const id = queue?.id ?? "";
    expect(await management.queue.updateBudget(id, 50)).toBe("OK");
    expect((await management.queue.get(id)).budget).toBe(50);
    await expect(management.queue.updateBudget(id, 5)).rejects.toThrow(/budget must be/);
    const team = await management.teams.create({ team_name: "queue-team", copy_cc: false });
    expect(await management.queue.moveToTeam(id, team.team_id)).toBe("OK");
    expect((await management.queue.stats(id, { period: "7d" })).days).toBeDefined();
  });
});

describe("the emulator's control endpoint", () => {
  test("fault rules: add, list with counts, remove; reset", async ({ expect }) => {
    const [rule] = await management.control.addFaults([
      { interface: "kv", command: "GET", error: "requests-limit" },
    ]);
    expect(rule).toMatchObject({ interface: "kv", error: "requests-limit", latencyMs: 0 });
    const kv = await fetch(`${emu.url}/get/anything`, {
      headers: { authorization: `Bearer ${emu.token}` },
    });
    expect(kv.status).toBe(429);
    expect(await management.control.faults()).toEqual([
      { rule: expect.objectContaining({ id: rule?.id }), matched: 1, injected: 1 },
    ]);
    await management.control.removeFaults(rule?.id);
    expect(await management.control.faults()).toEqual([]);
    await expect(management.control.removeFaults("no-such-rule")).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      management.control.addFaults([{ interface: "kv", latencyMs: -1 }]),
    ).rejects.toMatchObject({ status: 400 });
    await management.control.reset({ product: "kv", to: "empty" });
    await expect(management.control.reset({ product: "nope" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
