/**
 * `--config FILE` (issue 7): a JSON file declaring databases, vector indexes, teams, tokens and
 * limits, validated with zod, errors naming the failing path; flags win over it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { readCliConfig } from "../../src/config.ts";
import { createEmulator } from "../../src/emulator.ts";
import { parseConfigFile } from "../../src/management/config-file.ts";
import { startManagementEmulator } from "./fixtures.ts";

async function withConfigFile<TResult>(
  content: unknown,
  run: (path: string) => Promise<TResult>,
): Promise<TResult> {
  const directory = await mkdtemp(join(tmpdir(), "stratus-config-"));
  const path = join(directory, "stratus.json");
  await writeFile(path, typeof content === "string" ? content : JSON.stringify(content));
  try {
    return await run(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const CONFIG = {
  token: "file-default-token",
  readOnlyToken: "file-default-ro",
  email: "ci@example.com",
  apiKey: "file-api-key",
  limits: { dailyRequestLimit: 1000 },
  databases: [{ name: "cache", token: "cache-token", readOnlyToken: "cache-ro" }, { name: "jobs" }],
  vectorIndexes: [{ name: "docs", dimension: 2, similarity: "EUCLIDEAN", token: "docs-token" }],
  searchDatabases: [{ name: "catalog", token: "catalog-token", readOnlyToken: "catalog-ro" }],
  teams: [{ name: "ops", members: [{ email: "ana@example.com", role: "admin" }] }],
};

test("declared resources exist at start, with their tokens", async ({ expect }) => {
  await withConfigFile(CONFIG, async (configFile) => {
    await using emu = await startManagementEmulator({
      configFile,
      email: undefined,
      apiKey: undefined,
    });
    expect([emu.emulator.email, emu.emulator.apiKey]).toEqual(["ci@example.com", "file-api-key"]);
    expect(emu.emulator.token).toBe("file-default-token");
    expect(emu.emulator.config.dailyRequestLimit).toBe(1000);
    const auth = `Basic ${Buffer.from("ci@example.com:file-api-key").toString("base64")}`;
    const databases = (await emu.api("GET", "/redis/databases", { auth })).json;
    expect(databases.map((database: { database_name: string }) => database.database_name)).toEqual([
      "default",
      "cache",
      "jobs",
    ]);
    const set = await emu.rest(`${emu.emulator.url}/redis/cache/set/k/v`, "cache-token");
    expect(set.json).toEqual({ result: "OK" });
    const info = await emu.rest(`${emu.emulator.url}/vector/docs/info`, "docs-token");
    expect(info.json.result).toMatchObject({ dimension: 2, similarityFunction: "EUCLIDEAN" });
    const searches = (await emu.api("GET", "/search", { auth })).json;
    expect(searches[1]).toMatchObject({
      name: "catalog",
      rest_url: `${emu.emulator.url}/search/catalog`,
      token: "catalog-token",
      read_only_token: "catalog-ro",
    });
    const listed = await emu.rest(
      `${emu.emulator.url}/search/catalog/list-namespaces`,
      "catalog-ro",
      [],
    );
    expect(listed.json).toEqual({ result: [] });
    const [team] = (await emu.api("GET", "/teams", { auth })).json;
    const members = (await emu.api("GET", `/teams/${team.team_id}`, { auth })).json;
    expect(members.map((member: { member_email: string }) => member.member_email)).toEqual([
      "ci@example.com",
      "ana@example.com",
    ]);
  });
});

test("flags win over the file", async ({ expect }) => {
  await withConfigFile(CONFIG, async (configFile) => {
    await using emu = await startManagementEmulator({ configFile, token: "flag-token" });
    expect(emu.emulator.token).toBe("flag-token");
    expect(emu.emulator.email).toBe("dev@example.com");
  });
});

test.for([
  [{ databases: [{ name: "" }] }, "--config: databases[0].name: must not be empty"],
  [{ databases: [{ name: "a" }, { nam: "b" }] }, "--config: databases[1].name is required"],
  [
    { teams: [{ name: "t", members: [{ email: "a", role: "owner" }] }] },
    "teams[0].members[0].role",
  ],
  [{ vectorIndexes: [{ name: "v", dimension: -1 }] }, "vectorIndexes[0].dimension"],
  [{ searchDatabases: [{ name: "s", type: "x" }] }, "searchDatabases[0]"],
  [{ limits: { maxRequestBytes: "big" } }, "limits.maxRequestBytes"],
  [{ surprise: true }, "surprise"],
] as const)("%j is refused, naming the path", ([content, text], { expect }) => {
  expect(() => parseConfigFile(content)).toThrow(text);
});

test("an unreadable or non-JSON file is a start-up error naming the file", async ({ expect }) => {
  await withConfigFile("{ not json", async (configFile) => {
    await expect(createEmulator({ port: 0, respPort: null, configFile })).rejects.toMatchObject({
      code: "ERR_INVALID_OPTIONS",
      message: expect.stringContaining(configFile),
    });
  });
  await expect(
    createEmulator({ port: 0, respPort: null, configFile: "/no/such/stratus.json" }),
  ).rejects.toMatchObject({ code: "ERR_INVALID_OPTIONS" });
});

test("--config and STRATUS_CONFIG reach the configuration", ({ expect }) => {
  const fromFlag = readCliConfig(["--in-memory", "--config", "/tmp/a.json"], {});
  expect(fromFlag.kind === "start" && fromFlag.config.configFile).toBe("/tmp/a.json");
  const fromEnv = readCliConfig(["--in-memory"], { STRATUS_CONFIG: "/tmp/b.json" });
  expect(fromEnv.kind === "start" && fromEnv.config.configFile).toBe("/tmp/b.json");
});

test("a search database name that cannot be a URL slug is a start-up error naming it", async ({
  expect,
}) => {
  await withConfigFile({ searchDatabases: [{ name: "no spaces" }] }, async (configFile) => {
    await expect(createEmulator({ port: 0, respPort: null, configFile })).rejects.toMatchObject({
      code: "ERR_INVALID_OPTIONS",
      message: expect.stringContaining(
        '--config: searchDatabases[0]: Invalid search database name "no spaces"',
      ),
    });
  });
});
