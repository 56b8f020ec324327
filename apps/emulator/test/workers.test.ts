/**
 * `--workers N` (issue: key-value REST, proxy backend): the bin forks N cluster workers that serve
 * one redis-server on shared ports with the same tokens, answers 404 for the per-process services,
 * reports a dying worker, and stops every worker on SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, test } from "vitest";
import { readCliConfig } from "../src/config.ts";
import { EmulatorError } from "../src/errors.ts";
import { RedisServer, shouldRunRedisTests } from "./support/redis-server.ts";
import { RespClient } from "./support/resp-client.ts";

const REGISTER_TS = fileURLToPath(new URL("./support/register-ts.mjs", import.meta.url));
const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
/** Three processes load the TypeScript sources on a loaded machine: bounds, not expectations. */
const START_TIMEOUT_MS = 30_000;
const EVENT_TIMEOUT_MS = 10_000;

interface StartupLine {
  readonly url: string;
  readonly token: string;
  readonly readOnlyToken: string;
  readonly respAddress: string | null;
  readonly dataDir: null;
  readonly workerPids: readonly number[];
}

/** The bin as a child, with stdout and stderr collected and an `exited` promise. */
class Bin {
  readonly child: ChildProcess;
  stdout = "";
  stderr = "";
  readonly exited: Promise<{ code: number | null; signal: string | null }>;

  constructor(args: readonly string[], env: Record<string, string> = {}) {
    // Only the variables this test chooses: a STRATUS_* of the caller's shell would change the run.
    this.child = spawn(
      process.execPath,
      ["--conditions=@stratus/source", "--import", REGISTER_TS, MAIN, ...args],
      { stdio: ["ignore", "pipe", "pipe"], env },
    );
    this.child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) =>
      this.child.once("exit", (code, signal) => resolve({ code, signal })),
    );
  }

  /** Resolves once `predicate` holds for the collected output; rejects after `ms`. */
  waitFor(what: string, predicate: () => boolean, ms = EVENT_TIMEOUT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (predicate()) {
          clearTimeout(timer);
          this.child.stdout?.off("data", check);
          this.child.stderr?.off("data", check);
          resolve();
        }
      };
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${what}; stderr:\n${this.stderr}`)),
        ms,
      );
      this.child.stdout?.on("data", check);
      this.child.stderr?.on("data", check);
      check();
    });
  }

  async startupLine(): Promise<StartupLine> {
    await this.waitFor("the start-up line", () => this.stdout.includes("\n"), START_TIMEOUT_MS);
    return JSON.parse(this.stdout.split("\n")[0] as string) as StartupLine;
  }

  /** Kills the bin if a test failed half-way; the workers follow when their IPC channel closes. */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGKILL");
      await this.exited;
    }
  }
}

interface Answer {
  readonly status: number;
  readonly worker: string | undefined;
  readonly body: unknown;
}

/** One request on a fresh connection, so that cluster may hand it to any worker. */
function send(url: string, token: string, argv?: readonly string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: argv === undefined ? "GET" : "POST",
        agent: false,
        headers: { authorization: `Bearer ${token}` },
        timeout: EVENT_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const worker = response.headers["stratus-worker"];
          resolve({
            status: response.statusCode ?? 0,
            worker: Array.isArray(worker) ? worker[0] : worker,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url}`)));
    request.on("error", reject);
    request.end(argv === undefined ? undefined : JSON.stringify(argv));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every pid that answers within `attempts` fresh connections. */
async function answeringWorkers(
  url: string,
  token: string,
  attempts: number,
): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await send(url, token, ["PING"]);
    if (answer.worker !== undefined) {
      seen.add(answer.worker);
    }
  }
  return seen;
}

describe.skipIf(!shouldRunRedisTests())("--workers over redis-server", () => {
  test("two workers share the ports and the tokens; SIGTERM stops them all", {
    timeout: 90_000,
  }, async ({ expect }) => {
    await using redis = await RedisServer.start();
    // Given two workers, with generated tokens
    await using bin = new Bin([
      ...["--workers", "2", "--redis-url", redis.url(), "--json"],
      ...["--port", "0", "--resp-port", "0"],
    ]);
    const startup = await bin.startupLine();
    expect(startup.workerPids).toHaveLength(2);
    expect(startup.dataDir).toBeNull();
    expect(new URL(startup.url).port).not.toBe("0");

    // Then both workers answer, each accepting the tokens the primary generated
    const pids = await answeringWorkers(startup.url, startup.token, 20);
    expect([...pids].sort()).toEqual(startup.workerPids.map(String).sort());
    const written = await send(startup.url, startup.token, ["SET", "shared", "value"]);
    expect(written.body).toEqual({ result: "OK" });
    const readers = new Set<string>();
    for (let attempt = 0; attempt < 20 && readers.size < 2; attempt++) {
      const read = await send(`${startup.url}/get/shared`, startup.readOnlyToken);
      expect(read.body).toEqual({ result: "value" });
      readers.add(read.worker ?? "");
    }
    expect(readers.size).toBe(2);
    expect((await send(startup.url, "not-the-token", ["PING"])).status).toBe(401);

    // And RESP reaches the same Redis through the shared RESP port
    const respPort = Number(startup.respAddress?.split(":").at(-1));
    const resp = await RespClient.connect(respPort);
    expect(await resp.call("AUTH", startup.token)).toEqual({ kind: "simple", value: "OK" });
    expect(await resp.call("GET", "shared")).toEqual({
      kind: "bulk",
      value: new TextEncoder().encode("value"),
    });
    await resp.close();

    // And the per-process services are refused with a 404 that says why, by every worker
    for (const path of ["/vector/default/info", "/search/default/info", "/v2/redis/databases"]) {
      const answer = await send(`${startup.url}${path}`, startup.token);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toContain("not available with --workers");
    }

    // When the primary gets SIGTERM
    bin.child.kill("SIGTERM");
    const exit = await bin.exited;

    // Then it exits cleanly, and no worker outlives it
    expect(exit).toEqual({ code: 0, signal: null });
    expect(startup.workerPids.filter(isAlive)).toEqual([]);
    expect(bin.stderr).toBe("");
  });

  test("a dying worker is reported, the others keep serving, the last one's exit stops the emulator", {
    timeout: 90_000,
  }, async ({ expect }) => {
    await using redis = await RedisServer.start();
    await using bin = new Bin(
      ["--redis-url", redis.url(), "--json", "--port", "0", "--no-resp", "--token", "t"],
      { STRATUS_WORKERS: "2" },
    );
    const startup = await bin.startupLine();
    const [first, second] = startup.workerPids as [number, number];

    // When one worker is killed
    process.kill(first, "SIGKILL");
    await bin.waitFor("the report of the first worker", () =>
      bin.stderr.includes(`(pid ${first}) exited on SIGKILL`),
    );

    // Then it is reported, not replaced, and the other one serves every request
    expect(bin.stderr).toContain("1 of 2 keep serving (workers are not restarted)");
    expect(await answeringWorkers(startup.url, "t", 5)).toEqual(new Set([String(second)]));

    // When the last one dies, the emulator stops with an error code
    process.kill(second, "SIGKILL");
    const exit = await bin.exited;
    expect(exit.code).toBe(1);
    expect(bin.stderr).toContain("no worker is left, stopping");
  });
  test("a busy port is reported once, as a user error without a stack", {
    timeout: 60_000,
  }, async ({ expect }) => {
    await using redis = await RedisServer.start();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      await using bin = new Bin([
        ...["--workers", "2", "--redis-url", redis.url(), "--port", String(port), "--no-resp"],
      ]);
      const exit = await bin.exited;
      expect(exit.code).toBe(1);
      expect(bin.stdout).toBe("");
      expect(bin.stderr).toBe(
        `stratus-emulator: 127.0.0.1:${port} is already in use: pick another port\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe("--workers start-up errors", () => {
  test("without --redis-url, the bin fails with a clear message and starts nothing", {
    timeout: 60_000,
  }, async ({ expect }) => {
    await using bin = new Bin(["--workers", "2", "--port", "0", "--no-resp"]);
    const exit = await bin.exited;
    expect(exit.code).toBe(1);
    expect(bin.stdout).toBe("");
    expect(bin.stderr).toBe(
      "stratus-emulator: --workers needs --redis-url: only the proxy backend is stateless; the embedded engine lives in one process\n",
    );
  });

  test.for([
    [["--workers", "2"], "--workers needs --redis-url"],
    [["--workers", "0", "--redis-url", "redis://h:1"], "--workers: must be a whole number"],
    [["--workers", "two", "--redis-url", "redis://h:1"], "--workers: must be a whole number"],
    [["--workers", "2", "--redis-url", "redis://h:1", "--data-dir", "d"], "--data-dir cannot"],
    [["--workers", "2", "--redis-url", "redis://h:1", "--config", "c.json"], "--config cannot"],
    [
      ["--workers", "2", "--redis-url", "redis://h:1", "--daily-request-limit", "5"],
      "--daily-request-limit cannot",
    ],
  ] as const)("%j is refused: %s", ([argv, message], { expect }) => {
    let thrown: unknown;
    try {
      readCliConfig(argv, {});
    } catch (error: unknown) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EmulatorError);
    expect((thrown as EmulatorError).code).toBe("ERR_INVALID_OPTIONS");
    expect((thrown as EmulatorError).message).toContain(message);
  });

  test("STRATUS_WORKERS is the flag's twin", ({ expect }) => {
    const command = readCliConfig(["--redis-url", "redis://h:1"], { STRATUS_WORKERS: "3" });
    expect(command).toMatchObject({ kind: "start", workers: 3 });
    expect(readCliConfig(["--redis-url", "redis://h:1"], {})).not.toHaveProperty("workers");
  });
});
