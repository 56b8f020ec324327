/**
 * The RESP2 listener with ioredis, a real client: binary values, pipelining, transactions,
 * databases, pub/sub, blocking pops, MONITOR, client names, HELLO, QUIT and large values.
 */
import { once } from "node:events";
import { describe, test } from "vitest";
import { startRespEmulator } from "./fixtures.ts";

describe("the RESP2 listener with ioredis", () => {
  test("connects and answers PING", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    expect(await redis.ping()).toBe("PONG");
    expect(await redis.echo("hello")).toBe("hello");
  });

  test("SET and GET keep every byte value", async ({ expect }) => {
    // Given every byte, including CR, LF and NUL
    await using server = await startRespEmulator();
    const redis = server.client();
    const value = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const key = Buffer.from([0, 13, 10, 255]);
    // When
    await redis.set(key, value);
    // Then
    expect(await redis.getBuffer(key)).toEqual(value);
    expect(await redis.strlen(key)).toBe(256);
  });

  test("a pipeline of 1000 commands answers in order", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    const pipeline = redis.pipeline();
    for (let i = 0; i < 1000; i++) {
      pipeline.incr("counter");
    }
    const results = await pipeline.exec();
    expect(results?.map(([error, reply]) => [error, reply])).toEqual(
      Array.from({ length: 1000 }, (_, i) => [null, i + 1]),
    );
    expect(await redis.get("counter")).toBe("1000");
  });

  test("MULTI/EXEC runs the queued commands", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    const results = await redis.multi().set("k", "v").incr("n").get("k").exec();
    expect(results).toEqual([
      [null, "OK"],
      [null, 1],
      [null, "v"],
    ]);
  });

  test("a command refused while queueing makes EXEC fail with EXECABORT", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    // Given a transaction with an unknown command in it
    expect(await redis.multi({ pipeline: false })).toBe("OK");
    expect(await redis.set("k", "v")).toBe("QUEUED");
    await expect(redis.call("NOSUCHCOMMAND", "x")).rejects.toThrow(/unknown command/);
    // When / Then
    await expect(redis.exec()).rejects.toThrow(
      /EXECABORT Transaction discarded because of previous errors/,
    );
    expect(await redis.exists("k")).toBe(0);
  });

  test("WATCH makes EXEC answer null after another client writes the key", async ({ expect }) => {
    await using server = await startRespEmulator();
    const [redis, other] = [server.client(), server.client()];
    // Given
    expect(await redis.watch("k")).toBe("OK");
    await other.set("k", "theirs");
    // When
    const results = await redis.multi().set("k", "mine").exec();
    // Then
    expect(results).toBeNull();
    expect(await redis.get("k")).toBe("theirs");
  });

  test("SELECT isolates databases", async ({ expect }) => {
    await using server = await startRespEmulator();
    const [db0, db1] = [server.client(), server.client({ db: 1 })];
    await db1.set("k", "one");
    expect(await db0.get("k")).toBeNull();
    expect(await db1.get("k")).toBe("one");
    expect(await db0.select(1)).toBe("OK");
    expect(await db0.get("k")).toBe("one");
    await expect(db0.select(16)).rejects.toThrow("ERR DB index is out of range");
  });

  test("SUBSCRIBE and PSUBSCRIBE receive what PUBLISH sends", async ({ expect }) => {
    await using server = await startRespEmulator();
    const [subscriber, publisher] = [server.client(), server.client()];
    // Given
    expect(await subscriber.subscribe("news")).toBe(1);
    expect(await subscriber.psubscribe("ne*")).toBe(2);
    const message = once(subscriber, "message");
    const pmessage = once(subscriber, "pmessage");
    // When
    const receivers = await publisher.publish("news", "hello");
    // Then
    expect(receivers).toBe(2);
    expect(await message).toEqual(["news", "hello"]);
    expect(await pmessage).toEqual(["ne*", "news", "hello"]);
    expect(await publisher.pubsub("NUMSUB", "news")).toEqual(["news", 1]);
    expect(await subscriber.unsubscribe("news")).toBe(1);
    expect(await publisher.publish("news", "again")).toBe(1);
  });

  test("BLPOP is woken by another client's push", async ({ expect }) => {
    await using server = await startRespEmulator();
    const [waiter, pusher] = [server.client(), server.client()];
    // Given a client blocked on an empty list
    const popped = waiter.blpop("queue", 0);
    // Wait until the server has seen the BLPOP (a PING behind it on the same socket would block).
    await expect
      .poll(async () => String(await pusher.client("LIST")).includes("cmd=blpop"))
      .toBe(true);
    // When
    expect(await pusher.rpush("queue", "job")).toBe(1);
    // Then
    expect(await popped).toEqual(["queue", "job"]);
    expect(await pusher.exists("queue")).toBe(0);
  });

  test("BLPOP times out with a null reply", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    expect(await redis.blpop("empty", 0.05)).toBeNull();
    expect(await redis.ping()).toBe("PONG");
  });

  test("MONITOR streams other clients' commands", async ({ expect }) => {
    await using server = await startRespEmulator();
    const [watcher, redis] = [server.client(), server.client()];
    const monitor = await watcher.monitor();
    const seen = once(monitor, "monitor");
    await redis.set("watched", "value");
    const [time, args, source, database] = await seen;
    expect(args).toEqual(["set", "watched", "value"]);
    expect(Number(time)).toBeGreaterThan(0);
    expect(source).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(database).toBe("0");
    monitor.disconnect();
  });

  test("CLIENT SETNAME and GETNAME", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    expect(await redis.client("GETNAME")).toBeNull();
    expect(await redis.client("SETNAME", "worker-1")).toBe("OK");
    expect(await redis.client("GETNAME")).toBe("worker-1");
    await expect(redis.client("SETNAME", "has space")).rejects.toThrow(/ERR/);
  });

  test("HELLO 4 is refused with NOPROTO", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    await expect(redis.call("HELLO", "4")).rejects.toThrow(
      /^NOPROTO unsupported protocol version$/,
    );
    expect(await redis.ping()).toBe("PONG");
  });

  test("QUIT answers OK and closes the connection", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    await redis.ping();
    const ended = once(redis, "end");
    expect(await redis.quit()).toBe("OK");
    await ended;
    expect(redis.status).toBe("end");
  });

  test("an 8 MB value goes both ways", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    const value = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < value.length; i++) {
      value[i] = (i * 31) & 0xff;
    }
    expect(await redis.set("big", value)).toBe("OK");
    expect(await redis.strlen("big")).toBe(value.length);
    expect((await redis.getBuffer("big"))?.equals(value)).toBe(true);
  });

  test("REST and RESP see the same data", async ({ expect }) => {
    await using server = await startRespEmulator();
    const redis = server.client();
    await redis.set("shared", "from-resp");
    expect(await server.rest(["GET", "shared"])).toEqual({ result: "from-resp" });
    expect(await server.rest(["HSET", "h", "f", "from-rest"])).toEqual({ result: 1 });
    expect(await redis.hget("h", "f")).toBe("from-rest");
  });
});
