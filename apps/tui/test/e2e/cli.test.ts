/**
 * The built bin, run as scripts and CI run it: no terminal, so no raw mode, a snapshot and an
 * exit code.
 */
import { execFile } from "node:child_process";
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { bundleCli } from "../support/bundle.ts";

interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(cli: string, args: readonly string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    // stdin is not a terminal here: the bin must not try raw mode.
    const child = execFile(
      process.execPath,
      [cli, ...args],
      // An empty environment: no STRATUS_* variable of the test run leaks into the bin.
      { timeout: 15_000, env: {} },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

describe("stratus-tui without a terminal", () => {
  let cli = "";
  let emulator: TestEmulator;
  let connection: string[] = [];

  beforeAll(async () => {
    cli = await bundleCli("cli");
    emulator = await startEmulator();
    connection = [
      "--kv-url",
      emulator.url,
      "--kv-token",
      emulator.token,
      "--management-url",
      emulator.management.url,
      "--email",
      emulator.management.email,
      "--api-key",
      emulator.management.apiKey,
    ];
  }, 120_000);

  afterAll(async () => {
    await emulator?.stop();
  });

  test("stats --once --json prints a snapshot and exits 0", async ({ expect }) => {
    const result = await run(cli, ["stats", "--once", "--json", ...connection]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      resource: { kind: "database", name: "default" },
      period: "1h",
    });
  });

  test("stats without --once still prints a snapshot when there is no terminal", async ({
    expect,
  }) => {
    const result = await run(cli, ["stats", ...connection]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Database default");
  });

  test("command runs one command", async ({ expect }) => {
    const result = await run(cli, ["command", "ECHO", "hi", ...connection]);
    expect(result).toEqual({ code: 0, stdout: '"hi"\n', stderr: "" });
  });

  test("the UI refuses to start without a terminal, saying what to use", async ({ expect }) => {
    const result = await run(cli, connection);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("needs a terminal");
    expect(result.stderr).toContain("stats --once --json");
    expect(result.stderr).not.toContain("Raw mode");
  });

  test("an unreachable server is a message and exit code 1", async ({ expect }) => {
    const result = await run(cli, ["stats", "--once", "--management-url", "http://127.0.0.1:9/v2"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No credentials|Cannot reach/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test("--help and bad flags", async ({ expect }) => {
    const help = await run(cli, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("STRATUS_KV_TOKEN");
    const bad = await run(cli, ["--period", "2w"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("stratus-tui: --period");
  });
});
