/**
 * `RedisConnection` and the pool's connect gate against in-process fake servers: pipelining,
 * timeouts, refused and dropped connections and malformed replies, with no Redis needed.
 */
import { createServer, type Server, type Socket } from "node:net";
import { encodeResp2, Resp2RequestParser, type Resp2Value } from "@stratus/core/resp2";
import { describe, test } from "vitest";
import { BackendUnavailableError } from "../backend.ts";
import { RedisConnection } from "./connection.ts";
import { RedisPool } from "./pool.ts";
import { parseRedisUrl } from "./redis-url.ts";

const encoder = new TextEncoder();

interface FakeServer extends AsyncDisposable {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
}

/** A TCP server on 127.0.0.1:0 that hands each connection to `onConnection`. */
async function fakeServer(onConnection: (socket: Socket) => void): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    get accepted() {
      return accepted;
    },
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** Answers each request with `answer(argv)`; all replies of one chunk in one write. */
function answering(answer: (argv: string[]) => Resp2Value | Uint8Array) {
  return (socket: Socket): void => {
    const parser = new Resp2RequestParser();
    socket.on("data", (chunk: Buffer) => {
      const replies = parser.push(chunk).map((request) => {
        const reply = answer(request.map((part) => Buffer.from(part).toString("latin1")));
        return reply instanceof Uint8Array ? reply : encodeResp2(reply);
      });
      socket.write(Buffer.concat(replies));
    });
  };
}

function open(port: number, connectTimeoutMs = 1000): Promise<RedisConnection> {
  return RedisConnection.open({
    target: parseRedisUrl(`redis://127.0.0.1:${port}`),
    connectTimeoutMs,
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error: unknown) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("RedisConnection", () => {
  test("pipelines requests and matches replies in order", async ({ expect }) => {
    await using server = await fakeServer(
      answering(([name, ...args]) =>
        name === "PING"
          ? { kind: "simple", value: "PONG" }
          : { kind: "bulk", value: encoder.encode(args.join(",")) },
      ),
    );
    const connection = await open(server.port);
    // When many requests are in flight at once
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) => connection.send(["ECHO", `${index}`])),
    );
    // Then each gets its own reply
    expect(
      replies.map((reply) => (reply.kind === "bulk" ? Buffer.from(reply.value).toString() : reply)),
    ).toEqual(Array.from({ length: 100 }, (_, index) => `${index}`));
    connection.close();
  });

  test("AUTH and SELECT from the URL run first; a refusal is BackendUnavailableError", async ({
    expect,
  }) => {
    const seen: string[][] = [];
    await using server = await fakeServer(
      answering((argv) => {
        seen.push(argv);
        return argv[0] === "SELECT"
          ? { kind: "error", message: "ERR DB index is out of range" }
          : { kind: "simple", value: "OK" };
      }),
    );
    const error = await rejection(
      RedisConnection.open({
        target: parseRedisUrl(`redis://u:p@127.0.0.1:${server.port}/99`),
        connectTimeoutMs: 1000,
      }),
    );
    expect(seen).toEqual([
      ["AUTH", "u", "p"],
      ["SELECT", "99"],
    ]);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toBe(
      `Redis at redis://127.0.0.1:${server.port}/99: SELECT failed: ERR DB index is out of range`,
    );
  });

  test("a server that never answers times out instead of hanging", async ({ expect }) => {
    await using server = await fakeServer(() => undefined);
    const started = performance.now();
    const error = await rejection(open(server.port, 100));
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toContain("no answer within 100 ms (connect timeout)");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a refused connection fails at once", async ({ expect }) => {
    const server = await fakeServer(() => undefined);
    const { port } = server;
    await server[Symbol.asyncDispose]();
    const error = await rejection(open(port));
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toContain("ECONNREFUSED");
  });

  test("a dropped connection rejects every waiting request", async ({ expect }) => {
    let peer: Socket | undefined;
    await using server = await fakeServer((socket) => {
      peer = socket;
      answering(() => ({ kind: "simple", value: "PONG" }))(socket);
    });
    const closed: unknown[] = [];
    const connection = await RedisConnection.open({
      target: parseRedisUrl(`redis://127.0.0.1:${server.port}`),
      connectTimeoutMs: 1000,
      onClose: (error) => closed.push(error),
    });
    // Given requests the server will never answer
    peer?.removeAllListeners("data");
    const pending = [connection.send(["GET"]), connection.send(["GET"])];
    // When the server drops the connection
    peer?.destroy();
    // Then all fail with BackendUnavailableError, and later ones fail at once
    for (const request of pending) {
      expect(await rejection(request)).toBeInstanceOf(BackendUnavailableError);
    }
    expect(await rejection(connection.send(["PING"]))).toBeInstanceOf(BackendUnavailableError);
    expect(connection.isOpen).toBe(false);
    expect(closed).toHaveLength(1);
  });

  test("malformed replies close the connection", async ({ expect }) => {
    await using server = await fakeServer(
      answering(([name]) =>
        name === "PING" ? { kind: "simple", value: "PONG" } : encoder.encode("?what\r\n"),
      ),
    );
    const connection = await open(server.port);
    const error = await rejection(connection.send(["GET", "k"]));
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toContain("malformed RESP2");
    expect(connection.isOpen).toBe(false);
  });
});

describe("RedisPool", () => {
  test("backs off after a failed connect, then tries again", async ({ expect }) => {
    // Given a server that drops every connection
    await using server = await fakeServer((socket) => socket.destroy());
    const pool = new RedisPool({
      target: parseRedisUrl(`redis://127.0.0.1:${server.port}`),
      connectTimeoutMs: 1000,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      maxTransactionConnections: 2,
    });
    // When the first attempt fails
    expect(await rejection(pool.shared())).toBeInstanceOf(BackendUnavailableError);
    expect(server.accepted).toBe(1);
    // Then requests fail fast, without connecting, until the backoff has passed
    const fast = await rejection(pool.acquire());
    expect(fast).toBeInstanceOf(BackendUnavailableError);
    expect((fast as Error).message).toMatch(/next attempt in \d+ ms/);
    expect(server.accepted).toBe(1);
    pool.close();
  });

  test("leases at most maxTransactionConnections and reuses released ones", async ({ expect }) => {
    await using server = await fakeServer(answering(() => ({ kind: "simple", value: "PONG" })));
    const pool = new RedisPool({
      target: parseRedisUrl(`redis://127.0.0.1:${server.port}`),
      connectTimeoutMs: 1000,
      backoff: { initialMs: 10, maxMs: 10 },
      maxTransactionConnections: 2,
    });
    const first = await pool.acquire();
    const second = await pool.acquire();
    // Given both leases taken, a third request waits
    let third: RedisConnection | undefined;
    const waiting = pool.acquire().then((connection) => {
      third = connection;
      return connection;
    });
    await Promise.resolve();
    expect(third).toBeUndefined();
    // When one lease ends, its connection serves the waiter
    pool.release(first, true);
    expect(await waiting).toBe(first);
    // and a connection released as not reusable is closed
    pool.release(second, false);
    expect(second.isOpen).toBe(false);
    expect(server.accepted).toBe(2);
    pool.close();
    expect(first.isOpen).toBe(false);
  });
});
