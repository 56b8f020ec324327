import { resolve } from "node:path";
import { describe, test } from "vitest";
import { commandLineArguments, HELP_TEXT, readCliConfig } from "./config.ts";

describe("STRATUS_* variables", () => {
  test("an unknown one is refused by name, since it is most likely a typo", ({ expect }) => {
    expect(() => readCliConfig(["--in-memory"], { STRATUS_PROT: "1" })).toThrow(
      "unknown environment variable STRATUS_PROT",
    );
  });

  test("the TUI's connection variables do not stop the emulator", ({ expect }) => {
    const command = readCliConfig(["--in-memory"], {
      STRATUS_KV_URL: "http://127.0.0.1:8079",
      STRATUS_KV_TOKEN: "t",
      STRATUS_VECTOR_URL: "http://127.0.0.1:8079/vector/default",
      STRATUS_VECTOR_TOKEN: "v",
      STRATUS_MANAGEMENT_URL: "http://127.0.0.1:8079/v2",
    });
    expect(command.kind).toBe("start");
  });
});

describe("--redis-command-timeout-ms", () => {
  const redis = ["--in-memory", "--redis-url", "redis://127.0.0.1:6379"];

  test("defaults to 5000 ms; the flag, or else STRATUS_REDIS_COMMAND_TIMEOUT_MS, sets it", ({
    expect,
  }) => {
    const timeoutOf = (argv: string[], env: Record<string, string> = {}): unknown => {
      const command = readCliConfig([...redis, ...argv], env);
      return command.kind === "start" ? command.config.redisCommandTimeoutMs : undefined;
    };
    expect(timeoutOf([])).toBe(5000);
    expect(timeoutOf(["--redis-command-timeout-ms", "250"])).toBe(250);
    expect(timeoutOf([], { STRATUS_REDIS_COMMAND_TIMEOUT_MS: "0" })).toBe(0);
    expect(
      timeoutOf(["--redis-command-timeout-ms", "100"], { STRATUS_REDIS_COMMAND_TIMEOUT_MS: "7" }),
    ).toBe(100);
  });

  test.for(["-1", "1.5", "soon", "2147483648"])("refuses %s by name", (value, { expect }) => {
    expect(() => readCliConfig([...redis, `--redis-command-timeout-ms=${value}`])).toThrow(
      /^--redis-command-timeout-ms: /,
    );
  });

  test("--help documents it with its twin", ({ expect }) => {
    expect(HELP_TEXT).toMatch(
      /--redis-command-timeout-ms N\n(.*\n){0,6}.*\(STRATUS_REDIS_COMMAND_TIMEOUT_MS, default 5000\)/,
    );
  });
});

test("--fault repeats; STRATUS_FAULT separates rules with ';'; --seed and --faults resolve", ({
  expect,
}) => {
  const fromFlags = readCliConfig(
    ["--in-memory", "--fault", "kv:latency=5", "--fault", "vector:error=503", "--seed", "s.json"],
    {},
  );
  expect(fromFlags).toMatchObject({
    config: { faults: ["kv:latency=5", "vector:error=503"], seedFile: resolve("s.json") },
  });
  const fromEnv = readCliConfig(["--in-memory"], {
    STRATUS_FAULT: "kv:latency=5; any:error=internal",
    STRATUS_FAULTS: "f.json",
  });
  expect(fromEnv).toMatchObject({
    config: { faults: ["kv:latency=5", "any:error=internal"], faultsFile: resolve("f.json") },
  });
});

describe("--resp-auth", () => {
  test("defaults to token; the flag, or else STRATUS_RESP_AUTH, sets it; other values are refused", ({
    expect,
  }) => {
    const authOf = (argv: string[], env: Record<string, string> = {}): unknown => {
      const command = readCliConfig(["--in-memory", ...argv], env);
      return command.kind === "start" ? command.config.respAuth : undefined;
    };
    expect(authOf([])).toBe("token");
    expect(authOf(["--resp-auth", "none"])).toBe("none");
    expect(authOf([], { STRATUS_RESP_AUTH: "none" })).toBe("none");
    expect(authOf(["--resp-auth", "token"], { STRATUS_RESP_AUTH: "none" })).toBe("token");
    expect(() => authOf(["--resp-auth", "open"])).toThrow(/resp-auth/);
  });
});

describe("the command line", () => {
  test("a leading -- forwarded by `pnpm start -- …` is dropped; a later one is kept", ({
    expect,
  }) => {
    expect(commandLineArguments(["--", "--in-memory"])).toEqual(["--in-memory"]);
    expect(commandLineArguments(["--in-memory", "--", "x"])).toEqual(["--in-memory", "--", "x"]);
    expect(readCliConfig(commandLineArguments(["--", "--in-memory"]), {})).toMatchObject({
      kind: "start",
    });
  });
});
