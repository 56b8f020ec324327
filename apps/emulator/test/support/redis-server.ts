/**
 * A throwaway `redis-server` for the differential, proxy and benchmark runs: a free loopback port, no persistence,
 * killed and restarted on the same port for the outage tests. Readiness is Redis's own "Ready to
 * accept connections" log line, not a sleep.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

const BINARY = "redis-server";
/** Start-up takes milliseconds; this only bounds a broken start. */
const START_TIMEOUT_MS = 10_000;

/** Whether the proxy half runs: redis-server is installed, or we are in CI, where it must be. */
export function shouldRunRedisTests(): boolean {
  const isInstalled = spawnSync(BINARY, ["--version"], { stdio: "ignore" }).status === 0;
  const isCi = process.env["CI"] !== undefined;
  return isInstalled || isCi;
}

/** A free TCP port on 127.0.0.1: bind port 0, read it, release it (redis-server has no `--port 0`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServerOptions {
  /** Extra `--option value` arguments, e.g. `["--requirepass", "secret"]`. */
  readonly args?: readonly string[];
}

export class RedisServer implements AsyncDisposable {
  readonly port: number;
  readonly #args: readonly string[];
  #child: ChildProcess | undefined;

  private constructor(port: number, args: readonly string[]) {
    this.port = port;
    this.#args = args;
  }

  static async start(options: RedisServerOptions = {}): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), options.args ?? []);
    await server.restart();
    return server;
  }

  /** The running server's process id (benchmarks read its CPU time), if it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** `redis://[credentials@]127.0.0.1:<port>[/db]`. */
  url(options: { credentials?: string; db?: number } = {}): string {
    const credentials = options.credentials === undefined ? "" : `${options.credentials}@`;
    const db = options.db === undefined ? "" : `/${options.db}`;
    return `redis://${credentials}127.0.0.1:${this.port}${db}`;
  }

  /** Starts (again) on the same port; resolves once Redis accepts connections. */
  async restart(): Promise<void> {
    if (this.#child !== undefined) {
      throw new Error("redis-server is already running");
    }
    const child = spawn(
      BINARY,
      [
        ...["--port", String(this.port), "--bind", "127.0.0.1"],
        ...["--save", "", "--appendonly", "no", "--daemonize", "no"],
        ...this.#args,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.#child = child;
    let output = "";
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`${BINARY} could not run (it is required in CI): ${error.message}`));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`));
      });
    });
    try {
      await ready;
    } catch (error: unknown) {
      this.#child = undefined;
      child.kill("SIGKILL");
      throw error;
    }
  }

  /**
   * Sends a signal to the running server: `SIGSTOP` stalls it (connections stay open, nothing is
   * answered, as a Redis stuck in a long command or a paused VM), `SIGCONT` resumes it.
   */
  signal(signal: "SIGSTOP" | "SIGCONT"): void {
    if (this.#child === undefined) {
      throw new Error("redis-server is not running");
    }
    this.#child.kill(signal);
  }

  /** SIGKILL, as a crash: connections drop without a goodbye. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child === undefined) {
      return;
    }
    this.#child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.kill();
  }
}
