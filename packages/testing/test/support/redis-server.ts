/**
 * A throwaway `redis-server` on a free loopback port for the proxy-backend run of the conformance
 * suite (the emulator's own helper is in its `test/`, which this package may not import).
 * Readiness is Redis's "Ready to accept connections" line, not a sleep.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

const BINARY = "redis-server";
/** Start-up takes milliseconds; this only bounds a broken start. */
const START_TIMEOUT_MS = 10_000;

/** Whether redis-server is installed, or we are in CI, where it must be. */
export function shouldRunRedisTests(): boolean {
  const isInstalled = spawnSync(BINARY, ["--version"], { stdio: "ignore" }).status === 0;
  return isInstalled || process.env["CI"] !== undefined;
}

/** Binds port 0 and releases it: redis-server has no `--port 0`. */
function freePort(): Promise<number> {
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

export interface RedisServer extends AsyncDisposable {
  readonly url: string;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    BINARY,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const settle = (error?: Error): void => {
      clearTimeout(timer);
      if (error === undefined) {
        resolve();
      } else {
        child.kill("SIGKILL");
        reject(error);
      }
    };
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) {
        settle();
      }
    });
    child.once("error", (error) => settle(new Error(`${BINARY} could not run: ${error.message}`)));
    child.once("exit", (code) => settle(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    [Symbol.asyncDispose]: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
