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
  /** Drops every open connection, as a Redis that goes away. */
  dropAll(): void;
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
    dropAll: () => {
      for (const socket of sockets) {
        socket.destroy();
      }
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

  describe("command timeout", () => {
    /** Answers the handshake's PING and nothing else, as a Redis that stalls after connecting. */
    const stallsAfterHandshake = answering(([name]) =>
      name === "PING" ? { kind: "simple", value: "PONG" } : new Uint8Array(0),
    );

    test("a late reply fails every waiting request and destroys the connection", async ({
      expect,
    }) => {
      await using server = await fakeServer(stallsAfterHandshake);
      const closes: boolean[] = [];
      const connection = await RedisConnection.open({
        target: parseRedisUrl(`redis://127.0.0.1:${server.port}`),
        connectTimeoutMs: 1000,
        commandTimeoutMs: 50,
        onClose: (_, isOutage) => closes.push(isOutage),
      });
      // When two requests get no reply
      const started = performance.now();
      const errors = await Promise.all([
        rejection(connection.send(["GET", "a"])),
        rejection(connection.send(["GET", "b"])),
      ]);
      // Then both fail with the same BackendUnavailableError once the timeout has passed
      const elapsedMs = performance.now() - started;
      expect(elapsedMs).toBeGreaterThanOrEqual(49);
      expect(elapsedMs).toBeLessThan(1000);
      expect(errors[0]).toBeInstanceOf(BackendUnavailableError);
      expect(errors[1]).toBe(errors[0]);
      expect((errors[0] as Error).message).toBe(
        `Redis at redis://127.0.0.1:${server.port}/0: no reply within 50 ms (command timeout); the connection was closed`,
      );
      // and the connection is gone, reported as an outage: its late replies can match nothing
      expect(connection.isOpen).toBe(false);
      expect(closes).toEqual([true]);
    });

    test("the clock restarts at every reply: a pipeline Redis works through does not time out", async ({
      expect,
    }) => {
      // Given a server that answers one command every 20 ms, one after the other
      await using server = await fakeServer((socket) => {
        const parser = new Resp2RequestParser();
        let answerAtMs = 0;
        socket.on("data", (chunk: Buffer) => {
          for (const request of parser.push(chunk)) {
            const name = Buffer.from(request[0] ?? new Uint8Array()).toString();
            const reply = encodeResp2({ kind: "simple", value: name === "PING" ? "PONG" : "OK" });
            if (name === "PING") {
              socket.write(reply);
              continue;
            }
            answerAtMs = Math.max(answerAtMs, performance.now()) + 20;
            setTimeout(() => socket.write(reply), answerAtMs - performance.now());
          }
        });
      });
      const connection = await RedisConnection.open({
        target: parseRedisUrl(`redis://127.0.0.1:${server.port}`),
        connectTimeoutMs: 1000,
        commandTimeoutMs: 150,
      });
      // When 12 commands are sent at once: the last reply comes after ~240 ms, beyond the timeout
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => connection.send(["SET", "k", "v"])),
      );
      // Then every one is answered: each reply came well within 150 ms of the one before
      expect(replies).toEqual(Array.from({ length: 12 }, () => ({ kind: "simple", value: "OK" })));
      expect(connection.isOpen).toBe(true);
      connection.close();
    });
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
      commandTimeoutMs: 0,
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
      commandTimeoutMs: 0,
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

  test("logs one line per outage and one per recovery, without a stack", async ({ expect }) => {
    // Given a server that drops connections while `isDown`
    let isDown = true;
    await using server = await fakeServer((socket) => {
      if (isDown) {
        socket.destroy();
        return;
      }
      answering(() => ({ kind: "simple", value: "PONG" }))(socket);
    });
    const lines: string[] = [];
    const pool = new RedisPool({
      target: parseRedisUrl(`redis://:secret@127.0.0.1:${server.port}`),
      connectTimeoutMs: 1000,
      backoff: { initialMs: 0, maxMs: 0 },
      maxTransactionConnections: 2,
      commandTimeoutMs: 0,
      log: (line) => lines.push(line),
    });
    // When three requests fail to connect
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await rejection(pool.shared())).toBeInstanceOf(BackendUnavailableError);
    }
    // Then one line says so, with the cause and without the credentials
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^warning: Redis at redis://127\\.0\\.0\\.1:${server.port}/0: (the connection closed|read ECONNRESET); key-value requests fail with 503 until Redis is reachable$`,
      ),
    );
    // When Redis answers again, one line says it is back
    isDown = false;
    const connection = await pool.shared();
    expect(await pool.shared()).toBe(connection);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Redis at redis://127\\.0\\.0\\.1:${server.port}/0 is reachable again, after \\d+\\.\\d s unavailable$`,
      ),
    );
    // When the server drops an established connection, that is the next outage
    isDown = true;
    server.dropAll();
    expect(await rejection(connection.send(["PING"]))).toBeInstanceOf(BackendUnavailableError);
    expect(await rejection(pool.shared())).toBeInstanceOf(BackendUnavailableError);
    expect(lines).toHaveLength(3);
    // while connections the emulator closes itself are no outage
    pool.close();
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).not.toMatch(/secret|\n\s+at /);
  });
});
