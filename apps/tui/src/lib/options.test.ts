import { test } from "vitest";
import { DEFAULT_EMULATOR_URL, helpText, parseCli } from "./options.ts";

test("defaults match a local emulator", ({ expect }) => {
  const parsed = parseCli([], {});
  expect(parsed).toMatchObject({
    kind: "run",
    command: "ui",
    options: {
      managementUrl: `${DEFAULT_EMULATOR_URL}/v2`,
      kvUrl: DEFAULT_EMULATOR_URL,
      vectorUrl: `${DEFAULT_EMULATOR_URL}/vector/default`,
      period: "1h",
      once: false,
      json: false,
    },
  });
});

test("environment twins fill in, flags win over them", ({ expect }) => {
  const env = {
    STRATUS_MANAGEMENT_URL: "http://env:1/v2",
    STRATUS_EMAIL: "env@x",
    STRATUS_API_KEY: "env-key",
    STRATUS_KV_URL: "http://env:2",
    STRATUS_KV_TOKEN: "env-token",
    STRATUS_VECTOR_URL: "http://env:3/vector/v",
    STRATUS_VECTOR_TOKEN: "env-vector",
  };
  const parsed = parseCli(["stats", "--kv-token", "flag-token", "--once", "--json"], env);
  expect(parsed).toMatchObject({
    kind: "run",
    command: "stats",
    options: {
      managementUrl: "http://env:1/v2",
      email: "env@x",
      apiKey: "env-key",
      kvUrl: "http://env:2",
      kvToken: "flag-token",
      vectorUrl: "http://env:3/vector/v",
      vectorToken: "env-vector",
      once: true,
      json: true,
    },
  });
});

test.for([
  [["--kv-url", "not a url"], "--kv-url: must be an http(s) URL"],
  [["--period", "2h"], "--period:"],
  [["--refresh-ms", "10"], "--refresh-ms:"],
  [["--bogus"], "Unknown option '--bogus'"],
  [["frobnicate"], 'Unknown command "frobnicate"'],
] as const)("rejects %j with a clear message", ([argv, message], { expect }) => {
  const parsed = parseCli(argv, {});
  expect(parsed.kind).toBe("error");
  expect(parsed.kind === "error" ? parsed.message : "").toContain(message);
});

test("--help lists every flag with its variable", ({ expect }) => {
  expect(parseCli(["--help"], {})).toEqual({ kind: "help" });
  const help = helpText();
  for (const flag of ["--management-url", "--email", "--api-key", "--kv-url", "--kv-token"]) {
    expect(help).toContain(flag);
  }
  expect(help).toContain("STRATUS_VECTOR_TOKEN");
  expect(help).toContain("--once");
});

test("command words are kept", ({ expect }) => {
  expect(parseCli(["command", "SET", "k", "v"], {})).toMatchObject({ words: ["SET", "k", "v"] });
});

test("--help descriptions start in one column, two spaces after the longest option", ({
  expect,
}) => {
  const help = helpText();
  const rows = help.split("\n").filter((line) => line.startsWith("  -"));
  // Where each description starts: after the first run of two or more spaces past the indent.
  const starts = rows.map(
    (line) => 2 + (line.slice(2).match(/^\S+(?: \S+)* {2,}/)?.[0].length ?? 0),
  );
  expect(rows.length).toBeGreaterThan(10);
  expect(new Set(starts).size).toBe(1);
  expect(help).toContain("  --management-url VALUE  management API base URL");
});

test("reads the names the emulator prints, after the STRATUS_* ones", ({ expect }) => {
  const env = {
    UPSTASH_REDIS_REST_URL: "http://up:1",
    UPSTASH_REDIS_REST_TOKEN: "up-token",
    UPSTASH_VECTOR_REST_URL: "http://up:2/vector/v",
    UPSTASH_VECTOR_REST_TOKEN: "up-vector",
    UPSTASH_EMAIL: "up@x",
    UPSTASH_API_KEY: "up-key",
    STRATUS_KV_TOKEN: "stratus-token",
  };
  expect(parseCli([], env)).toMatchObject({
    options: {
      kvUrl: "http://up:1",
      kvToken: "stratus-token",
      vectorUrl: "http://up:2/vector/v",
      vectorToken: "up-vector",
      email: "up@x",
      apiKey: "up-key",
    },
  });
});

test("the data directory's connection file fills in what flags and variables leave", ({
  expect,
}) => {
  const asked: string[] = [];
  const details = {
    url: "http://file:1",
    token: "file-token",
    readOnlyToken: "ro",
    respAddress: null,
    respAuth: null,
    redisUrl: null,
    dataDir: "/d",
    vectorUrl: "http://file:1/vector/default",
    vectorToken: "file-vector",
    vectorReadOnlyToken: "vro",
    searchUrl: "http://file:1/search/default",
    searchToken: "st",
    searchReadOnlyToken: "sro",
    queueUrl: "http://file:1/qstash",
    queueToken: "qt",
    queueCurrentSigningKey: "sig_current",
    queueNextSigningKey: "sig_next",
    managementUrl: "http://file:1/v2",
    email: "file@x",
    apiKey: "file-key",
  };
  const readConnection = (dir: string): typeof details => {
    asked.push(dir);
    return details;
  };
  expect(parseCli(["--kv-token", "flag"], {}, { readConnection })).toMatchObject({
    options: {
      kvUrl: "http://file:1",
      kvToken: "flag",
      vectorToken: "file-vector",
      managementUrl: "http://file:1/v2",
      email: "file@x",
      apiKey: "file-key",
    },
  });
  expect(parseCli(["--data-dir", "/srv/data"], {}, { readConnection })).toMatchObject({
    kind: "run",
  });
  expect(asked).toEqual([".stratus", "/srv/data"]);
  // A named data directory without the file is a mistake worth saying; the default one is not.
  const none = { readConnection: () => undefined };
  expect(parseCli([], {}, none)).toMatchObject({ kind: "run" });
  expect(parseCli([], { STRATUS_DATA_DIR: "/nowhere" }, none)).toMatchObject({
    kind: "error",
    message: expect.stringContaining("/nowhere has no connection file"),
  });
  expect(parseCli([], {}, { readConnection: () => "broken" })).toEqual({
    kind: "error",
    message: "broken",
  });
});
