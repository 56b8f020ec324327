/**
 * The RESP2 listener with `redis-cli` (Debian's redis-tools, which `.ci/run` installs with
 * redis-server): one-shot commands, `--raw` output and `--pipe` mass insertion. Skipped only
 * outside CI when redis-cli is absent.
 */
import { spawn, spawnSync } from "node:child_process";
import { describe, test } from "vitest";
import { startRespEmulator, TOKEN } from "./fixtures.ts";

const isInstalled = spawnSync("redis-cli", ["--version"], { stdio: "ignore" }).status === 0;
// biome-ignore lint/style/noProcessEnv: CI is declared in turbo.json's globalEnv; tests may not skip there.
const isCi = process.env["CI"] !== undefined;

interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs redis-cli against `port` with `args`, feeding `input` on stdin. */
function redisCli(port: number, args: readonly string[], input = ""): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("redis-cli", [
      ...["-h", "127.0.0.1", "-p", String(port), "-a", TOKEN, "--no-auth-warning"],
      ...args,
    ]);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("latin1").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("latin1").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input, "latin1");
  });
}

describe.skipIf(!(isInstalled || isCi))("the RESP2 listener with redis-cli", () => {
  test("runs one-shot commands", async ({ expect }) => {
    await using server = await startRespEmulator();
    expect(await redisCli(server.port, ["SET", "k", "v"])).toEqual({
      status: 0,
      stdout: "OK\n",
      stderr: "",
    });
    expect((await redisCli(server.port, ["GET", "k"])).stdout).toBe("v\n");
    expect((await redisCli(server.port, ["INCR", "n"])).stdout).toBe("1\n");
    expect((await redisCli(server.port, ["GET", "missing"])).stdout).toBe("\n");
  });

  test("--raw prints values as they are", async ({ expect }) => {
    await using server = await startRespEmulator();
    await server.client().set("k", "line one\nline two");
    await server.client().rpush("list", "a", "b");
    expect((await redisCli(server.port, ["--raw", "GET", "k"])).stdout).toBe(
      "line one\nline two\n",
    );
    expect((await redisCli(server.port, ["--raw", "LRANGE", "list", "0", "-1"])).stdout).toBe(
      "a\nb\n",
    );
    expect((await redisCli(server.port, ["--raw", "HGET", "k", "f"])).stdout).toBe(
      // redis-cli prints an error and then a blank line, in --raw mode too.
      "WRONGTYPE Operation against a key holding the wrong kind of value\n\n",
    );
  });

  test("--pipe sends a few thousand commands", async ({ expect }) => {
    await using server = await startRespEmulator();
    // Given 3000 commands in the RESP form --pipe expects
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const argv = ["SET", `key:${i}`, `value ${i}`];
      lines.push(
        `*${argv.length}\r\n${argv.map((arg) => `$${arg.length}\r\n${arg}\r\n`).join("")}`,
      );
    }
    // When
    const result = await redisCli(server.port, ["--pipe"], lines.join(""));
    // Then
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/errors: 0, replies: 3000/);
    const redis = server.client();
    expect(await redis.dbsize()).toBe(3000);
    expect(await redis.get("key:2999")).toBe("value 2999");
  });
});
