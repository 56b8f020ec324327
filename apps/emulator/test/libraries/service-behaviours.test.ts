/**
 * The service's behaviours that plain Redis lacks (docs/differences.md), through @upstash/redis on
 * both backends: on the proxy, redis-server 7.0 answers, behind the proxy's rewrites.
 */
import { createHash } from "node:crypto";
import { Redis } from "@upstash/redis";
import { test } from "vitest";
import { describeBackends } from "./backends.ts";

const LOCKING = "#!lua flags=allow-key-locking\nreturn redis.call('incrby', KEYS[1], ARGV[1])";
const READING = "#!lua flags=no-writes,allow-key-locking\nreturn redis.call('get', KEYS[1])";

function sha1(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error: unknown) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected the call to fail");
}

describeBackends("service behaviours", (target, backend) => {
  const redis = (): Redis =>
    new Redis({ url: target().url, token: target().token, enableTelemetry: false });

  test("allow-key-locking: EVAL, EVAL_RO, SCRIPT LOAD's SHA, EVALSHA, SCRIPT EXISTS", async ({
    expect,
  }) => {
    const client = redis();
    const key = `locking-${target().backend}`;
    // A flagged script another test has not loaded: EVALSHA before anything is NOSCRIPT.
    const fresh = `${LOCKING}\n-- ${key}`;
    expect(await failure(client.evalsha(sha1(fresh), [key], ["1"]))).toContain("NOSCRIPT");
    expect(await client.eval(fresh, [key], ["2"])).toBe(2);
    // EVAL taught the proxy the script: the client's SHA now runs it.
    expect(await client.evalsha(sha1(fresh), [key], ["1"])).toBe(3);
    expect(await client.scriptLoad(LOCKING)).toBe(sha1(LOCKING));
    expect(await client.scriptExists(sha1(LOCKING), sha1("return 0"))).toEqual([1, 0]);
    expect(await client.evalsha(sha1(LOCKING), [key], ["10"])).toBe(13);
    expect(await client.evalRo(READING, [key], [])).toBe(13);
    expect(await client.scriptLoad(READING)).toBe(sha1(READING));
    expect(await client.evalshaRo(sha1(READING), [key], [])).toBe(13);
  });

  test("allow-key-locking: the SDK's Script, EVALSHA falling back to EVAL", async ({ expect }) => {
    const client = redis();
    await client.scriptFlush();
    const script = client.createScript<number>(LOCKING);
    const key = `script-${target().backend}`;
    expect(await script.exec([key], ["5"])).toBe(5);
    expect(await script.exec([key], ["5"])).toBe(10);
    expect(await script.evalsha([key], ["1"])).toBe(11);
  });

  test("allow-key-locking in redis.register_function's flags", async ({ expect }) => {
    const client = redis();
    const library = [
      "#!lua name=stratus_locking",
      "redis.register_function{function_name='bump', callback=function(keys, args) return redis.call('incr', keys[1]) end, flags={'allow-key-locking'}}",
      "redis.register_function{function_name='peek', callback=function(keys, args) return redis.call('get', keys[1]) end, flags={'no-writes', 'allow-key-locking'}}",
    ].join("\n");
    expect(await client.functions.load({ code: library, replace: true })).toBe("stratus_locking");
    const key = `function-${target().backend}`;
    expect(await client.functions.call("bump", [key])).toBe(1);
    expect(await client.functions.callRo("peek", [key])).toBe(1);
  });

  test("SCAN WITHTYPE: each key with its type; SCAN TYPE filters", async ({ expect }) => {
    const client = redis();
    const prefix = `scan-${target().backend}:`;
    await client.set(`${prefix}s`, "v");
    await client.rpush(`${prefix}l`, "x");
    await client.zadd(`${prefix}z`, { score: 1, member: "m" });
    await client.hset(`${prefix}h`, { f: "v" });
    const typed: { key: string; type: string }[] = [];
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, {
        match: `${prefix}*`,
        count: 100,
        withType: true,
      });
      typed.push(...keys);
      cursor = String(next);
    } while (cursor !== "0");
    expect(typed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${prefix}h`, type: "hash" },
      { key: `${prefix}l`, type: "list" },
      { key: `${prefix}s`, type: "string" },
      { key: `${prefix}z`, type: "zset" },
    ]);
    const [, zsets] = await client.scan(0, { match: `${prefix}*`, count: 100, type: "zset" });
    expect(zsets).toEqual([`${prefix}z`]);
  });

  test("COPY of a key onto itself answers 0 and leaves it", async ({ expect }) => {
    const client = redis();
    const key = `copy-${target().backend}`;
    await client.set(key, "v");
    expect(await client.copy(key, key)).toBe("NOT_COPIED");
    expect(await client.copy(key, key, { replace: true })).toBe("NOT_COPIED");
    expect(await client.get(key)).toBe("v");
    const pipeline = client.pipeline();
    pipeline.copy(key, key);
    pipeline.get(key);
    expect(await pipeline.exec()).toEqual(["NOT_COPIED", "v"]);
    const transaction = client.multi();
    transaction.copy(key, key);
    transaction.copy(key, `${key}-2`);
    expect(await transaction.exec()).toEqual(["NOT_COPIED", "COPIED"]);
  });

  // redis-server 7.0 has no hash-field expiry: the proxy's rewrite of the range is unit-tested.
  test.skipIf(backend !== "engine")(
    "HEXPIREAT takes a millisecond timestamp passed as seconds",
    async ({ expect }) => {
      const client = redis();
      const key = "hexpireat-engine";
      await client.hset(key, { f: "v" });
      expect(await client.hexpireat(key, "f", Date.now())).toEqual([1]);
      expect(await client.hget(key, "f")).toBe("v");
    },
  );
});
