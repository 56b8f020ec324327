/**
 * What only the proxy backend has: concurrency over real sockets, Redis going away and coming
 * back, the URL's credentials and database, byte-exact replies, and the emulator wired to it.
 * Each test starts its own throwaway redis-server (skipped only without one, outside CI).
 */
import { Socket } from "node:net";
import {
  encodeResp2,
  encodeResp2CommandBinary,
  Resp2StreamDecoder,
  type Resp2Value,
} from "@stratus/core/resp2";
import { Redis } from "ioredis";
import { describe, test } from "vitest";
import { createEmulator } from "../../src/emulator.ts";
import { EmulatorError } from "../../src/errors.ts";
import {
  type Argv,
  BackendUnavailableError,
  type KvBackend,
  type KvSession,
} from "../../src/kv/backend.ts";
import {
  createRedisProxyBackend,
  type RedisProxyBackend,
  type RedisProxyOptions,
} from "../../src/kv/redis-proxy/proxy-backend.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";
import { RespClient } from "../support/resp-client.ts";
import { Resp3Client } from "../support/resp3-client.ts";
import { bulk, bytes, command, NULL, OK, plain, REST_CALLER, uniqueKey } from "./backend-suite.ts";

const PONG: Resp2Value = { kind: "simple", value: "PONG" };
const SESSION_CALLER = { isReadOnly: false, address: "127.0.0.1:50100" };

/** The proxy as REST and RESP see it (a `KvBackend`), plus `probe`. */
type ProxyUnderTest = KvBackend & Pick<RedisProxyBackend, "probe"> & AsyncDisposable;

/** A proxy that closes itself at the end of the test. */
function proxy(
  url: string,
  options: Pick<RedisProxyOptions, "connectTimeoutMs" | "commandTimeoutMs" | "log"> = {},
): ProxyUnderTest {
  const backend = createRedisProxyBackend({
    url,
    // No fail-fast window, so the first request after a restart reconnects (backoff is unit-tested).
    backoff: { initialMs: 0, maxMs: 0 },
    ...options,
  });
  return Object.assign(backend, { [Symbol.asyncDispose]: () => backend.close() });
}

function openSession(backend: KvBackend): KvSession & Disposable {
  const session = backend.openSession({ caller: SESSION_CALLER, onPush: () => undefined });
  return Object.assign(session, { [Symbol.dispose]: () => session.close() });
}

async function rejection(reply: unknown): Promise<unknown> {
  try {
    await reply;
  } catch (error: unknown) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** The raw bytes Redis answers to `argv` on a fresh connection. */
async function rawReply(port: number, argv: Argv): Promise<Uint8Array> {
  const socket = new Socket();
  const decoder = new Resp2StreamDecoder();
  const chunks: Buffer[] = [];
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      socket.once("error", reject);
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (decoder.push(chunk).length > 0) {
          resolve(Buffer.concat(chunks));
        }
      });
      socket.connect(port, "127.0.0.1", () =>
        socket.write(encodeResp2CommandBinary(argv), "latin1"),
      );
    });
  } finally {
    socket.destroy();
  }
}

describe.skipIf(!shouldRunRedisTests())("RedisProxyBackend against redis-server", () => {
  test("1000 concurrent transactions never interleave", async ({ expect }) => {
    await using redis = await RedisServer.start();
    await using backend = proxy(redis.url());
    const key = uniqueKey("counter");
    // When 1000 INCR + GET transactions run at once
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        backend.transaction([command("INCR", key), command("GET", key)], REST_CALLER),
      ),
    );
    // Then each GET sees its own INCR: nothing ran between them
    const counts = results.map((result) => {
      expect(result.status).toBe("executed");
      const [incremented, read] = result.status === "executed" ? result.replies : [];
      expect(incremented?.kind).toBe("integer");
      const count = incremented?.kind === "integer" ? Number(incremented.value) : -1;
      expect(plain(read)).toEqual(plain(bulk(String(count))));
      return count;
    });
    expect(counts.toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 1000 }, (_, index) => index + 1),
    );
    // on a bounded number of connections (32 transactions at a time, plus the shared one)
    const info = await backend.execute(command("INFO", "clients"), REST_CALLER);
    const connected = /connected_clients:(\d+)/.exec(
      info.kind === "bulk" ? Buffer.from(info.value).toString() : "",
    );
    expect(Number(connected?.[1])).toBeLessThanOrEqual(33);
  });

  test("Redis killed: BackendUnavailableError at once; restarted: requests succeed", async ({
    expect,
  }) => {
    await using redis = await RedisServer.start();
    await using backend = proxy(redis.url());
    const key = uniqueKey("outage");
    expect(await backend.execute(command("SET", key, "v"), REST_CALLER)).toEqual(OK);
    using session = openSession(backend);
    expect(await session.execute(command("SELECT", "1"))).toEqual(OK);
    const abort = new AbortController();
    const events = backend
      .subscribe({ kind: "channel", name: bytes(key), signal: abort.signal })
      [Symbol.asyncIterator]();
    expect((await events.next()).value?.kind).toBe("subscribe");

    // When Redis dies
    await redis.kill();
    // Then every kind of request fails promptly with BackendUnavailableError
    const started = performance.now();
    expect(await rejection(backend.execute(command("GET", key), REST_CALLER))).toBeInstanceOf(
      BackendUnavailableError,
    );
    expect(await rejection(backend.pipeline([command("PING")], REST_CALLER))).toBeInstanceOf(
      BackendUnavailableError,
    );
    expect(await rejection(backend.transaction([command("PING")], REST_CALLER))).toBeInstanceOf(
      BackendUnavailableError,
    );
    expect(await rejection(events.next())).toBeInstanceOf(BackendUnavailableError);
    const lost = await rejection(session.execute(command("PING")));
    expect(lost).toBeInstanceOf(BackendUnavailableError);
    expect(performance.now() - started).toBeLessThan(1000);

    // When Redis is back on the same port (empty: it persists nothing)
    await redis.restart();
    // Then the backend reconnects by itself
    expect(await backend.execute(command("PING"), REST_CALLER)).toEqual(PONG);
    expect(await backend.execute(command("GET", key), REST_CALLER)).toEqual(NULL);
    expect(
      await backend.transaction([command("SET", key, "w"), command("GET", key)], REST_CALLER),
    ).toMatchObject({ status: "executed" });
    // while the old session stays lost (its SELECT is gone), and a new one works
    expect((await rejection(session.execute(command("PING")))) as Error).toBeInstanceOf(
      BackendUnavailableError,
    );
    using fresh = openSession(backend);
    expect(await fresh.execute(command("PING"))).toEqual(PONG);
    abort.abort();
  });

  test("an unreachable Redis fails at once, not after a hang", async ({ expect }) => {
    await using redis = await RedisServer.start();
    const url = redis.url();
    await redis.kill();
    await using backend = proxy(url);
    expect(await backend.probe()).toMatch(/ECONNREFUSED/);
    const started = performance.now();
    const error = await rejection(backend.execute(command("PING"), REST_CALLER));
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${redis.port}/0: connect ECONNREFUSED`),
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  describe("credentials and database from the URL", () => {
    test.for([":s3cret", "default:s3cret"])("%s@ with /3", async (credentials, { expect }) => {
      await using redis = await RedisServer.start({ args: ["--requirepass", "s3cret"] });
      await using backend = proxy(redis.url({ credentials, db: 3 }));
      const key = uniqueKey("db3");
      // Given a key written over REST, which runs on the URL's database
      expect(await backend.execute(command("SET", key, "v"), REST_CALLER)).toEqual(OK);
      // Then a session starts there too, and SELECT moves it
      using session = openSession(backend);
      expect(plain(await session.execute(command("GET", key)))).toEqual(plain(bulk("v")));
      expect(await session.execute(command("SELECT", "0"))).toEqual(OK);
      expect(await session.execute(command("GET", key))).toEqual(NULL);
      // and RESET restores the URL's AUTH and database
      expect(await session.execute(command("RESET"))).toEqual({ kind: "simple", value: "RESET" });
      expect(plain(await session.execute(command("GET", key)))).toEqual(plain(bulk("v")));
    });

    test.for([
      ["wrong password", ":nope", /AUTH failed: WRONGPASS/],
      ["no password", undefined, /PING failed: NOAUTH Authentication required/],
    ] as const)("%s → BackendUnavailableError", async ([, credentials, message], { expect }) => {
      await using redis = await RedisServer.start({ args: ["--requirepass", "s3cret"] });
      await using backend = proxy(redis.url(credentials === undefined ? {} : { credentials }));
      const error = await rejection(backend.execute(command("PING"), REST_CALLER));
      expect(error).toBeInstanceOf(BackendUnavailableError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("nope");
    });
  });

  test("replies are Redis's bytes", async ({ expect }) => {
    await using redis = await RedisServer.start();
    await using backend = proxy(redis.url());
    const key = uniqueKey("bytes");
    const number = uniqueKey("n");
    await backend.execute(
      command("RPUSH", key, "a", Uint8Array.from([0, 255, 13, 10])),
      REST_CALLER,
    );
    await backend.execute(command("SET", number, "-9223372036854775808"), REST_CALLER);
    // Each command runs twice (proxy, then raw), so all of them leave the data as it was.
    for (const argv of [
      command("LRANGE", key, "0", "-1"),
      command("GET", uniqueKey("missing")),
      command("LLEN", key),
      command("INCRBY", number, "0"),
      command("EVAL", "return {1, 'two', {false, -3}, redis.status_reply('fine')}", "0"),
      command("COMMAND", "INFO", "get", "nosuchcmd"),
      command("GET", key),
      command("NOSUCHCMD", "é"),
    ]) {
      const reply = await backend.execute(argv, REST_CALLER);
      expect(Buffer.from(encodeResp2(reply)).toString("latin1")).toBe(
        Buffer.from(await rawReply(redis.port, argv)).toString("latin1"),
      );
    }
    // and the null array, from a session (REST refuses blocking commands)
    using session = openSession(backend);
    expect(encodeResp2(await session.execute(command("BLPOP", `${key}:none`, "0.01")))).toEqual(
      new TextEncoder().encode("*-1\r\n"),
    );
  });

  test("refuses commands that would change a shared connection", async ({ expect }) => {
    await using redis = await RedisServer.start();
    await using backend = proxy(redis.url());
    expect(await backend.execute(command("SELECT", "2"), REST_CALLER)).toEqual({
      kind: "error",
      message:
        "ERR Command is not available over REST: 'select' (connection commands other than PING and ECHO)",
    });
    expect(await backend.execute(command("BLPOP", "k", "0"), REST_CALLER)).toEqual({
      kind: "error",
      message: "ERR Command is not available over REST: 'blpop' (blocking commands)",
    });
    expect(await backend.transaction([command("PING"), command("EXEC")], REST_CALLER)).toEqual({
      status: "discarded",
      error: "ERR Command is not available over REST: 'exec' (use /multi-exec for transactions)",
    });
    // Blocking commands do not block inside MULTI, so transactions may hold them
    expect(
      plain(await backend.transaction([command("BLPOP", uniqueKey("l"), "0")], REST_CALLER)),
    ).toEqual(plain({ status: "executed", replies: [{ kind: "null-array" }] }));
  });

  test("a stalled Redis (SIGSTOP): every path fails after the command timeout; resumed: fresh connections", async ({
    expect,
  }) => {
    await using redis = await RedisServer.start();
    const lines: string[] = [];
    await using backend = proxy(redis.url(), {
      commandTimeoutMs: 200,
      log: (line) => lines.push(line),
    });
    const key = uniqueKey("stall");
    const other = uniqueKey("stall-other");
    // Given a connection open on every path: shared (REST), leased (transactions), a session
    await backend.pipeline([command("SET", key, "v"), command("SET", other, "w")], REST_CALLER);
    const sharedBefore = await backend.execute(command("CLIENT", "ID"), REST_CALLER);
    expect(await backend.transaction([command("PING")], REST_CALLER)).toMatchObject({
      status: "executed",
    });
    using session = openSession(backend);
    expect(await session.execute(command("PING"))).toEqual(PONG);

    // When Redis stops answering
    redis.signal("SIGSTOP");
    try {
      const started = performance.now();
      const errors = await Promise.all([
        rejection(backend.execute(command("GET", key), REST_CALLER)),
        rejection(backend.execute(command("GET", other), REST_CALLER)),
        rejection(backend.pipeline([command("GET", key)], REST_CALLER)),
        rejection(backend.transaction([command("GET", key)], REST_CALLER)),
        rejection(session.execute(command("GET", key))),
      ]);
      const elapsedMs = performance.now() - started;
      // Then each fails with BackendUnavailableError (REST's 503) after the timeout, not later
      expect(elapsedMs).toBeGreaterThanOrEqual(199);
      expect(elapsedMs).toBeLessThan(1500);
      for (const error of errors) {
        expect(error).toBeInstanceOf(BackendUnavailableError);
        expect((error as Error).message).toContain("no reply within 200 ms (command timeout)");
      }
      // and the shared connection's waiting requests fail together, as one outage
      expect(errors[1]).toBe(errors[0]);
      expect(errors[2]).toBe(errors[0]);
      // A new connection's handshake is bounded by it too (the connect timeout is 2000 ms)
      const reconnecting = performance.now();
      expect(await rejection(backend.execute(command("GET", key), REST_CALLER))).toBeInstanceOf(
        BackendUnavailableError,
      );
      expect(performance.now() - reconnecting).toBeLessThan(1500);
    } finally {
      redis.signal("SIGCONT");
    }

    // When Redis resumes, requests run on new connections, each reply paired with its command
    expect(plain(await backend.execute(command("GET", key), REST_CALLER))).toEqual(
      plain(bulk("v")),
    );
    expect(plain(await backend.execute(command("GET", other), REST_CALLER))).toEqual(
      plain(bulk("w")),
    );
    expect(await backend.execute(command("CLIENT", "ID"), REST_CALLER)).not.toEqual(sharedBefore);
    expect(plain(await backend.transaction([command("GET", other)], REST_CALLER))).toEqual(
      plain({ status: "executed", replies: [bulk("w")] }),
    );
    // while the timed-out session is lost (its state went with its connection), and a new one works
    expect(await rejection(session.execute(command("PING")))).toBeInstanceOf(
      BackendUnavailableError,
    );
    using fresh = openSession(backend);
    expect(await fresh.execute(command("PING"))).toEqual(PONG);
    // The outage is logged once, with its cause, and so is the recovery; no stack
    expect(lines).toEqual([
      expect.stringMatching(
        /^warning: Redis at redis:\/\/127\.0\.0\.1:\d+\/0: no reply within 200 ms \(command timeout\); the connection was closed; key-value requests fail with 503 until Redis is reachable$/,
      ),
      expect.stringMatching(
        /^Redis at redis:\/\/127\.0\.0\.1:\d+\/0 is reachable again, after \d+\.\d s unavailable$/,
      ),
    ]);
  });

  test("blocking commands wait for their own timeout on top of the command timeout", async ({
    expect,
  }) => {
    await using redis = await RedisServer.start();
    await using backend = proxy(redis.url(), { commandTimeoutMs: 200 });
    const key = uniqueKey("blocking");
    using session = openSession(backend);
    // A BLPOP that waits 0.4 s, twice the command timeout, for nothing answers nil
    expect(await session.execute(command("BLPOP", key, "0.4"))).toEqual({ kind: "null-array" });
    // and one that waits forever is served whenever a value comes
    const served = session.execute(command("BLPOP", key, "0"));
    // (another client's 0.4 s BLPOP on an empty list is the clock: Redis's timer, not a sleep)
    await rawReply(redis.port, command("BLPOP", uniqueKey("clock"), "0.4"));
    await backend.execute(command("RPUSH", key, "x"), REST_CALLER);
    expect(plain(await served)).toEqual(plain({ kind: "array", items: [bulk(key), bulk("x")] }));
    // as is XREAD BLOCK, whose timeout is in milliseconds
    expect(
      await session.execute(command("XREAD", "BLOCK", "400", "STREAMS", uniqueKey("s"), "$")),
    ).toEqual({ kind: "null-array" });
  });
});

describe.skipIf(!shouldRunRedisTests())("the emulator with --redis-url", () => {
  test("a malformed URL is ERR_INVALID_OPTIONS before anything starts", async ({ expect }) => {
    const error = await rejection(
      createEmulator({ redisUrl: "redis://:pw@localhost/notadb", port: 0, respPort: null }),
    );
    expect(error).toBeInstanceOf(EmulatorError);
    expect(error).toMatchObject({
      code: "ERR_INVALID_OPTIONS",
      message:
        "--redis-url redis://:***@localhost/notadb: the path must be a database number, not /notadb (expected redis://[[user]:password@]host[:port][/db])",
    });
  });

  test("RESP3 clients work in front of the real Redis, behind the token", async ({ expect }) => {
    await using redis = await RedisServer.start();
    await using emulator = await createEmulator({
      redisUrl: redis.url(),
      port: 0,
      respPort: 0,
      token: "t",
    });
    const port = Number(emulator.respAddress?.split(":").at(-1));
    const key = uniqueKey("resp3");
    const client = await Resp3Client.connect(port, { password: "t" });
    try {
      await client.call("HSET", key, "f", "v");
      expect(await client.call("HGETALL", key)).toEqual({
        kind: "map",
        entries: [[bulk("f"), bulk("v")]],
      });
      expect(await client.call("GET", `${key}:missing`)).toEqual({ kind: "null" });
    } finally {
      await client.close();
    }
  });

  test("REST and RESP clients reach Redis; an outage is a JSON 503", async ({ expect }) => {
    await using redis = await RedisServer.start();
    const warnings: unknown[] = [];
    await using emulator = await createEmulator({
      redisUrl: redis.url(),
      port: 0,
      respPort: 0,
      token: "t",
      onError: (error) => warnings.push(error),
    });
    const rest = (path: string): Promise<Response> =>
      emulator.fetch(`${emulator.url}${path}`, { headers: { authorization: "Bearer t" } });
    const key = uniqueKey("e2e");
    // REST
    expect(await (await rest(`/set/${key}/hello`)).json()).toEqual({ result: "OK" });
    expect(await (await rest(`/get/${key}`)).json()).toEqual({ result: "hello" });
    // RESP: sessions keep their own database, and pub/sub pushes arrive
    const [host, port] = (emulator.respAddress ?? "").split(/:(?=\d+$)/);
    const options = { host: host ?? "", port: Number(port), lazyConnect: true, password: "t" };
    const first = new Redis(options);
    const second = new Redis(options);
    const subscriber = new Redis(options);
    const stranger = await RespClient.connect(Number(port));
    try {
      // The port asks for the database's token in front of the real Redis too
      expect(await stranger.call("GET", key)).toEqual({
        kind: "error",
        message: "NOAUTH Authentication required.",
      });
      await Promise.all([first.connect(), second.connect(), subscriber.connect()]);
      await first.select(1);
      await first.set(key, "db1");
      expect(await first.get(key)).toBe("db1");
      expect(await second.get(key)).toBe("hello");
      const received = new Promise<[string, string]>((resolve) =>
        subscriber.on("message", (channel: string, message: string) => resolve([channel, message])),
      );
      expect(await subscriber.subscribe(`${key}:a`, `${key}:b`)).toBe(2);
      expect(await second.publish(`${key}:b`, "hi")).toBe(1);
      expect(await received).toEqual([`${key}:b`, "hi"]);
    } finally {
      await stranger.close();
      first.disconnect();
      second.disconnect();
      subscriber.disconnect();
    }
    // Outage
    await redis.kill();
    const response = await rest(`/get/${key}`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(
        /^ERR backend unavailable: Redis at redis:\/\/127\.0\.0\.1:\d+\/0: /,
      ),
    });
    // logged once, as a line, not as an error with a stack
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: Redis at redis:\/\/127\.0\.0\.1:\d+\/0: .*; key-value requests fail with 503 until Redis is reachable$/,
      ),
    ]);
  });

  test("an outage is logged once as a line, however many requests and streams it breaks", async ({
    expect,
  }) => {
    await using redis = await RedisServer.start();
    const logged: unknown[] = [];
    await using emulator = await createEmulator({
      redisUrl: redis.url(),
      redisCommandTimeoutMs: 200,
      port: 0,
      respPort: null,
      token: "t",
      onError: (error) => logged.push(error),
    });
    const headers = { authorization: "Bearer t" };
    const key = uniqueKey("log");
    const get = (): Promise<Response> => fetch(`${emulator.url}/get/${key}`, { headers });
    // Given a subscription streaming over a socket
    const stream = await fetch(`${emulator.url}/subscribe/${key}`, { headers });
    const reader = stream.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toContain("subscribe");

    // When Redis stalls past --redis-command-timeout-ms, requests answer 503
    redis.signal("SIGSTOP");
    try {
      const statuses = await Promise.all([get(), get(), get()]);
      expect(statuses.map((response) => response.status)).toEqual([503, 503, 503]);
    } finally {
      redis.signal("SIGCONT");
    }
    expect((await get()).status).toBe(200);
    // When Redis dies, the stream breaks (no request in between: one would start the backoff)
    await redis.kill();
    const ending = await (async () => {
      try {
        while ((await reader?.read())?.done === false) {
          // pings and messages until the break
        }
        return "ended";
      } catch {
        return "broken";
      }
    })();
    expect(ending).toBe("broken");
    await redis.restart();
    expect((await get()).status).toBe(200);

    // Then each outage and each recovery is one line, and nothing else is logged
    expect(logged).toEqual([
      expect.stringMatching(/^warning: .*no reply within 200 ms \(command timeout\)/),
      expect.stringMatching(/ is reachable again, after /),
      expect.stringMatching(/^warning: Redis at .*: .*; key-value requests fail with 503/),
      expect.stringMatching(/ is reachable again, after /),
    ]);
  });

  test("an unreachable Redis at start-up is a warning, not an error", async ({ expect }) => {
    await using redis = await RedisServer.start();
    const url = redis.url();
    await redis.kill();
    const warnings: unknown[] = [];
    await using emulator = await createEmulator({
      redisUrl: url,
      port: 0,
      respPort: null,
      onError: (error) => warnings.push(error),
    });
    expect(emulator.url).toMatch(/^http:/);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: Redis at .*ECONNREFUSED.*fail with 503 until Redis is reachable$/,
      ),
    ]);
  });
});
