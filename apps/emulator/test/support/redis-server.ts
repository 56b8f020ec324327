/**
 * A throwaway `redis-server` for differential and proxy tests: a free loopback port, no
 * persistence, stopped by the test that started it. In CI a missing binary is an error; on a
 * developer machine without Redis the callers skip (STYLE.md principle 4: real Redis is optional).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer, Socket } from "node:net";

export const REDIS_SERVER_BINARY = process.env["REDIS_SERVER_BIN"] ?? "redis-server";

/** Whether redis-server can run here; in CI its absence fails loudly instead. */
export function hasRedisServer(): boolean {
  const found = spawnSync(REDIS_SERVER_BINARY, ["--version"], { stdio: "ignore" }).status === 0;
  if (!found && process.env["CI"] !== undefined) {
    throw new Error(
      `${REDIS_SERVER_BINARY} is required in CI (.ci/run installs Debian's redis-server)`,
    );
  }
  return found;
}

/** A free TCP port on 127.0.0.1 (bind port 0, read it, release it). */
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

export interface RedisServer {
  readonly port: number;
  stop(): Promise<void>;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

/** Starts redis-server on a free port and resolves once it accepts connections. */
export async function startRedisServer(extraArgs: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER_BINARY,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      ...extraArgs,
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Readiness is polled with a bound, not slept on: redis-server starts in a few milliseconds.
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await canConnect(port)) {
      return {
        port,
        stop: async () => {
          child.kill("SIGKILL");
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start on port ${port}`);
}
