/**
 * Management state and metrics survive a restart on the same data directory (STYLE.md §7.5):
 * records, credentials, the databases' data and their usage.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { basicAuth, CREATE_DATABASE, startManagementEmulator } from "./fixtures.ts";

async function withDataDir<TResult>(run: (dataDir: string) => Promise<TResult>): Promise<TResult> {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-management-"));
  try {
    return await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

test("records, tokens, data and stats are kept across a restart", async ({ expect }) => {
  await withDataDir(async (dataDir) => {
    // Given a first run that creates resources and traffic
    let database: { database_id: string; rest_url: string; rest_token: string };
    let teamId: string;
    let searchId: string;
    {
      await using emu = await startManagementEmulator({ dataDir });
      database = (await emu.api("POST", "/redis/database", { body: CREATE_DATABASE })).json;
      teamId = (await emu.api("POST", "/team", { body: { team_name: "ops", copy_cc: false } })).json
        .team_id;
      searchId = (
        await emu.api("POST", "/search", {
          body: { name: "docs", region: "eu-west-1", type: "free" },
        })
      ).json.id;
      await emu.api("PATCH", `/redis/update-budget/${database.database_id}`, {
        body: { budget: 50 },
      });
      await emu.rest(`${database.rest_url}/set/kept/yes`, database.rest_token);
    }
    // When the emulator starts again on the same directory
    await using emu = await startManagementEmulator({ dataDir });
    // Then the records, the database's data and its usage are back
    const { json: again } = await emu.api("GET", `/redis/database/${database.database_id}`);
    expect(again).toMatchObject({
      rest_url: database.rest_url.replace(/:\d+\//, again.rest_url.match(/:\d+\//)[0]),
      rest_token: database.rest_token,
      budget: 50,
    });
    const value = await emu.rest(`${again.rest_url}/get/kept`, database.rest_token);
    expect(value.json).toEqual({ result: "yes" });
    expect((await emu.api("GET", "/teams")).json).toEqual([
      { team_id: teamId, team_name: "ops", copy_cc: false },
    ]);
    expect((await emu.api("GET", `/search/${searchId}`)).json.name).toBe("docs");
    expect((await emu.api("GET", "/queue/users")).json).toHaveLength(2);
    const { json: stats } = await emu.api("GET", `/redis/stats/${database.database_id}`);
    expect(stats.total_monthly_write_requests).toBe(1);
  });
});

test("a generated API key stays the same across restarts", async ({ expect }) => {
  await withDataDir(async (dataDir) => {
    let apiKey: string;
    {
      await using emu = await startManagementEmulator({ dataDir, apiKey: undefined });
      apiKey = emu.emulator.apiKey;
    }
    await using emu = await startManagementEmulator({ dataDir, apiKey: undefined });
    expect(emu.emulator.apiKey).toBe(apiKey);
    const response = await emu.api("GET", "/teams", {
      auth: basicAuth(emu.emulator.email, apiKey),
    });
    expect(response.status).toBe(200);
  });
});

test("deleting a database removes its files", async ({ expect }) => {
  await withDataDir(async (dataDir) => {
    await using emu = await startManagementEmulator({ dataDir });
    const { json: database } = await emu.api("POST", "/redis/database", { body: CREATE_DATABASE });
    await emu.rest(`${database.rest_url}/set/k/v`, database.rest_token);
    expect(await readdir(join(dataDir, "kv"))).toContain(database.database_id);
    await emu.api("DELETE", `/redis/database/${database.database_id}`);
    expect(await readdir(join(dataDir, "kv"))).not.toContain(database.database_id);
  });
});

test("backups survive a restart and still restore", async ({ expect }) => {
  await withDataDir(async (dataDir) => {
    let database: { database_id: string; rest_url: string; rest_token: string };
    {
      await using emu = await startManagementEmulator({ dataDir });
      database = (await emu.api("POST", "/redis/database", { body: CREATE_DATABASE })).json;
      await emu.rest(`${database.rest_url}/set/k/backed-up`, database.rest_token);
      await emu.api("POST", `/redis/create-backup/${database.database_id}`, {
        body: { name: "nightly" },
      });
      await emu.rest(`${database.rest_url}/set/k/changed`, database.rest_token);
    }
    await using emu = await startManagementEmulator({ dataDir });
    const [backup] = (await emu.api("GET", `/redis/list-backup/${database.database_id}`)).json;
    expect(backup.name).toBe("nightly");
    await emu.api("POST", `/redis/restore-backup/${database.database_id}`, {
      body: { backup_id: backup.backup_id },
    });
    const { json: record } = await emu.api("GET", `/redis/database/${database.database_id}`);
    const value = await emu.rest(`${record.rest_url}/get/k`, database.rest_token);
    expect(value.json).toEqual({ result: "backed-up" });
  });
});

test("an unreadable management state is ERR_DATA_CORRUPT and unlocks the directory", async ({
  expect,
}) => {
  await withDataDir(async (dataDir) => {
    {
      await using emu = await startManagementEmulator({ dataDir });
      await emu.api("POST", "/team", { body: { team_name: "ops", copy_cc: false } });
    }
    // Replace the state with a valid log record holding something that is not the state.
    const { openStore } = await import("../../src/storage/index.ts");
    const store = await openStore({ dataDir: join(dataDir, "management"), name: "management" });
    store.append(new TextEncoder().encode('{"version":42}'));
    await store.close();
    await expect(startManagementEmulator({ dataDir })).rejects.toMatchObject({
      code: "ERR_DATA_CORRUPT",
    });
    // The lock was released: a later start may proceed once the state is fixed.
    await rm(join(dataDir, "management"), { recursive: true, force: true });
    await using emu = await startManagementEmulator({ dataDir });
    expect((await emu.api("GET", "/teams")).json).toEqual([]);
  });
});

test("a new --email takes the personal account's resources along", async ({ expect }) => {
  await withDataDir(async (dataDir) => {
    {
      await using emu = await startManagementEmulator({ dataDir });
      await emu.api("POST", "/search", {
        body: { name: "docs", region: "eu-west-1", type: "free" },
      });
    }
    await using emu = await startManagementEmulator({ dataDir, email: "new@example.com" });
    const auth = basicAuth("new@example.com", emu.emulator.apiKey);
    const [index] = (await emu.api("GET", "/search", { auth })).json;
    expect(index.customer_id).toBe("new@example.com");
    const queues = (await emu.api("GET", "/queue/users", { auth })).json;
    expect(queues.map((queue: { customer_id: string }) => queue.customer_id)).toEqual([
      "new@example.com",
    ]);
  });
});

test("the default database keeps its generated tokens across restarts; given tokens win", async ({
  expect,
}) => {
  await withDataDir(async (dataDir) => {
    let first: { token: string; readOnlyToken: string };
    {
      await using emu = await startManagementEmulator({ dataDir });
      first = { token: emu.emulator.token, readOnlyToken: emu.emulator.readOnlyToken };
    }
    {
      await using emu = await startManagementEmulator({ dataDir });
      expect({ token: emu.emulator.token, readOnlyToken: emu.emulator.readOnlyToken }).toEqual(
        first,
      );
      expect((await emu.rest(`${emu.emulator.url}/ping`, first.token)).status).toBe(200);
    }
    {
      await using emu = await startManagementEmulator({ dataDir, token: "given-token" });
      expect(emu.emulator.token).toBe("given-token");
      expect((await emu.rest(`${emu.emulator.url}/ping`, first.token)).status).toBe(401);
    }
  });
});
