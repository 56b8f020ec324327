/** Typed methods, `command()`, encodings and response formats against a live emulator. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createKv, type Kv, type KvOptions } from "../src/index.ts";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

let counter = 0;
/** A key no other test uses. */
const uniqueKey = (name: string): string => `${name}:${++counter}`;

function kvWith(options: Partial<KvOptions> = {}): Kv {
  return createKv({ url: emu.url, token: emu.token, retry: false, ...options });
}

const modes: [string, Partial<KvOptions>][] = [
  ["json + base64", {}],
  ["json, no encoding", { encoding: "none" }],
  ["resp2", { responseFormat: "resp2" }],
  ["auto-pipelined", { autoPipeline: true }],
];

describe.each(modes)("typed commands (%s)", (_mode, options) => {
  test("strings", async ({ expect }) => {
    await using kv = kvWith(options);
    const key = uniqueKey("str");
    expect(await kv.set(key, "héllo")).toBe("OK");
    expect(await kv.get(key)).toBe("héllo");
    expect(await kv.set(key, "x", { condition: "NX" })).toBeNull();
    expect(await kv.set(key, "new", { get: true })).toBe("héllo");
    expect(await kv.get(uniqueKey("missing"))).toBeNull();
    expect(await kv.append(key, "er")).toBe(5);
    expect(await kv.mget(key, uniqueKey("missing"))).toEqual(["newer", null]);
    const n = uniqueKey("n");
    expect(await kv.incr(n)).toBe(1);
    expect(await kv.incrby(n, 41)).toBe(42);
    expect(await kv.incrbyfloat(n, 0.5)).toBe(42.5);
    expect(await kv.ping()).toBe("PONG");
  });

  test("hashes, lists, sets and sorted sets", async ({ expect }) => {
    await using kv = kvWith(options);
    const hash = uniqueKey("hash");
    expect(await kv.hset(hash, { a: "1", b: 2 })).toBe(2);
    expect(await kv.hgetall(hash)).toEqual({ a: "1", b: "2" });
    expect(await kv.hmget(hash, "a", "zz")).toEqual(["1", null]);
    const list = uniqueKey("list");
    expect(await kv.rpush(list, "a", "b", "c")).toBe(3);
    expect(await kv.lrange(list, 0, -1)).toEqual(["a", "b", "c"]);
    const set = uniqueKey("set");
    expect(await kv.sadd(set, "x", "y")).toBe(2);
    expect(await kv.smismember(set, "x", "nope")).toEqual([true, false]);
    const zset = uniqueKey("zset");
    expect(
      await kv.zadd(zset, [
        { score: 1.5, member: "one" },
        { score: 3, member: "three" },
      ]),
    ).toBe(2);
    expect(await kv.zscore(zset, "one")).toBe(1.5);
    expect(await kv.zrangeWithScores(zset, { start: 0, stop: -1 })).toEqual([
      { member: "one", score: 1.5 },
      { member: "three", score: 3 },
    ]);
    expect(await kv.zmscore(zset, "three", "none")).toEqual([3, null]);
  });

  test("generic, scan and ttl", async ({ expect }) => {
    await using kv = kvWith(options);
    const key = uniqueKey("ttl");
    await kv.set(key, "v", { ex: 100 });
    expect(await kv.ttl(key)).toBe(100);
    expect(await kv.type(key)).toBe("string");
    expect(await kv.exists(key, uniqueKey("none"))).toBe(1);
    const page = await kv.scan(0, { match: key, count: 1000 });
    expect(typeof page.cursor).toBe("string");
    expect(await kv.del(key)).toBe(1);
  });

  test("JSON and streams", async ({ expect }) => {
    await using kv = kvWith(options);
    const doc = uniqueKey("doc");
    expect(await kv.jsonSet(doc, { a: 1, list: [1, 2] })).toBe("OK");
    expect(await kv.jsonGet(doc, "$.a")).toEqual([1]);
    const stream = uniqueKey("stream");
    const id = await kv.xadd(stream, { field: "value" });
    expect(id).toMatch(/^\d+-\d+$/);
    expect(await kv.xrange(stream)).toEqual([{ id, fields: { field: "value" } }]);
  });

  test("command() is binary-safe", async ({ expect }) => {
    await using kv = kvWith(options);
    const key = uniqueKey("bin");
    const bytes = Uint8Array.of(0xff, 0x00, 0xfe, 0x2f, 0x25);
    expect(await kv.command("SET", key, bytes)).toEqual(new TextEncoder().encode("OK"));
    const value = await kv.command("GET", key);
    if (options.encoding === "none") {
      // Without base64 the JSON text replaces invalid UTF-8 (kv-rest-wire.md §5.2).
      expect(value).toBeInstanceOf(Uint8Array);
    } else {
      expect(value).toEqual(bytes);
    }
    expect(await kv.strlen(key)).toBe(5);
  });
});

describe("encodings", () => {
  test("base64 keeps exact bytes of keys and values, including non-UTF-8 keys", async ({
    expect,
  }) => {
    await using kv = kvWith();
    const key = Uint8Array.of(0x6b, 0xc3, 0x28, 0x2e, 0x2e);
    await kv.command("SET", key, "v");
    expect(await kv.get(key)).toBe("v");
    expect(await kv.command("EXISTS", key)).toBe(1);
  });

  test("a large value travels as the raw body of the path form", async ({ expect }) => {
    await using kv = kvWith();
    const key = uniqueKey("large");
    const bytes = new Uint8Array(200_000).map((_, index) => index % 256);
    await kv.command("SET", key, bytes);
    const value = await kv.command("GET", key);
    // Buffer.equals: a deep toEqual over 200k elements is needlessly slow.
    expect(value instanceof Uint8Array && Buffer.from(value).equals(bytes)).toBe(true);
  });

  test("integers and nested arrays decode the same in every mode", async ({ expect }) => {
    const results = [];
    for (const [, options] of modes) {
      await using kv = kvWith(options);
      const key = uniqueKey("hash-scan");
      await kv.hset(key, { f: "v" });
      results.push([await kv.hscan(key, 0), await kv.command("HLEN", key)]);
    }
    for (const result of results) {
      expect(result).toEqual([{ cursor: "0", items: ["f", "v"] }, 1]);
    }
  });
});
