/**
 * @vercel/kv 3 (the Vercel wrapper around @upstash/redis) on both backends: its client with
 * automatic pipelining and `cache: "default"`, and the scan iterators it adds.
 */
import { createClient } from "@vercel/kv";
import { test } from "vitest";
import { describeBackends } from "./backends.ts";

describeBackends("@vercel/kv", (target) => {
  test("values, JSON, counters and TTLs through an auto-pipelining client", async ({ expect }) => {
    const kv = createClient({ url: target().url, token: target().token });
    const [set, counter, session] = await Promise.all([
      kv.set("kv:user:1", { name: "Ada", roles: ["admin"] }),
      kv.incrby("kv:visits", 3),
      kv.set("kv:session", "s1", { ex: 60 }),
    ]);
    expect([set, counter, session]).toEqual(["OK", 3, "OK"]);
    expect(await kv.get<{ name: string; roles: string[] }>("kv:user:1")).toEqual({
      name: "Ada",
      roles: ["admin"],
    });
    const ttl = await kv.ttl("kv:session");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await kv.mget<[number, string]>("kv:visits", "kv:session")).toEqual([3, "s1"]);
    await kv.hset("kv:profile", { a: 1, b: "two" });
    expect(await kv.hgetall("kv:profile")).toEqual({ a: 1, b: "two" });
  });

  test("scanIterator, hscanIterator, sscanIterator and zscanIterator walk everything", async ({
    expect,
  }) => {
    const kv = createClient({ url: target().url, token: target().token });
    const keys = Array.from({ length: 25 }, (_, i) => `kv:iter:${i}`);
    await Promise.all(keys.map((key) => kv.set(key, 1)));
    const seen: string[] = [];
    for await (const key of kv.scanIterator({ match: "kv:iter:*", count: 7 })) {
      seen.push(key);
    }
    expect(seen.sort()).toEqual([...keys].sort());

    await kv.hset("kv:hash", Object.fromEntries(keys.map((key, i) => [key, i])));
    const hashItems: (string | number)[] = [];
    for await (const item of kv.hscanIterator("kv:hash", { count: 5 })) {
      hashItems.push(item);
    }
    expect(hashItems).toHaveLength(50);

    await kv.sadd("kv:set", "a", "b", "c");
    const members: (string | number)[] = [];
    for await (const member of kv.sscanIterator("kv:set")) {
      members.push(member);
    }
    expect(members.map(String).sort()).toEqual(["a", "b", "c"]);

    await kv.zadd("kv:zset", { score: 1, member: "x" }, { score: 2, member: "y" });
    const scored: (string | number)[] = [];
    for await (const item of kv.zscanIterator("kv:zset")) {
      scored.push(item);
    }
    expect(scored).toEqual(["x", 1, "y", 2]);
  });
});
