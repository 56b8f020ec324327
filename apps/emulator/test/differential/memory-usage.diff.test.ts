/**
 * MEMORY USAGE against redis-server 7.0: the same data of every type and encoding, at several
 * sizes and across the encodings' thresholds, must cost what Redis says (`objectComputeSize`),
 * with SAMPLES 0 (every element) and the default 5. Exact where Redis is deterministic; skiplists
 * within a tolerance (Redis draws each node's level at random: with SAMPLES 0 the mean over many
 * nodes is close to the expected one, over a default sample of 5 it varies by several percent).
 *
 * Two things are settled before measuring, both on the Redis side only:
 * - incremental rehashing: right after a hashtable grows Redis holds both tables until a few more
 *   operations on the key have moved every bucket; the engine models the table at rest, so a
 *   script makes those lookups first;
 * - the engine follows Redis ≥ 7.2's encodings where 7.0 has none: a small list is a `listpack`
 *   there (7.0: a one-node `quicklist`, 80 bytes more: the quicklist and its node), and a small set
 *   of strings a `listpack` (turned off here with `set-max-listpack-entries 0`, so both sides hold
 *   a hashtable; the listpack itself is unit-tested in src/engine/memory-size.test.ts).
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { afterAll, beforeAll, describe, test } from "vitest";
import { canRunDifferential, show, startTargets, type Targets } from "./harness.ts";

interface Case {
  /** Commands that build the key `k` (the same on both servers). */
  readonly build: readonly (readonly string[])[];
  /** Relative tolerance; 0 (the default) is exact. */
  readonly tolerance?: number;
  /** The same for the default SAMPLES, where it differs; "random" when Redis's sample is. */
  readonly sampledTolerance?: number | "random";
  /** Bytes Redis 7.0 counts beyond the engine's answer (a 7.0 encoding the engine does not use). */
  readonly redisExtra?: number;
}

function range<T>(count: number, make: (i: number) => T): T[] {
  return Array.from({ length: count }, (_, i) => make(i));
}
const pad = (i: number): string => String(i).padStart(5, "0");
/** A one-node quicklist in 7.0 against a listpack in the engine. */
const ONE_NODE_QUICKLIST = 80;

const cases: Record<string, Case> = {
  // Strings: int, embstr (≤ 44 bytes), raw; keys across the sdshdr5/sdshdr8 boundary.
  "int string": { build: [["SET", "k", "123456789"]] },
  "shared small integer": { build: [["SET", "k", "42"]] },
  "embstr string": { build: [["SET", "k", "hello"]] },
  "44-byte embstr": { build: [["SET", "k", "x".repeat(44)]] },
  "45-byte raw string": { build: [["SET", "k", "x".repeat(45)]] },
  "1000-byte raw string": { build: [["SET", "k", "y".repeat(1000)]] },
  "100 KB raw string": { build: [["SET", "k", "z".repeat(100_000)]] },
  "13-byte key": { build: [["SET", "k".repeat(13), "v"]] },
  "40-byte key": { build: [["SET", "k".repeat(40), "v"]] },

  // Hashes: listpack (integers stored as integers), the entries and value thresholds, hashtable.
  "3-field listpack hash": { build: [["HSET", "k", "a", "1", "b", "2", "c", "3"]] },
  "listpack hash of integers and strings": {
    build: [
      ["HSET", "k", "n", "-1", "big", "5000000000", "mid", "70000", "neg", "-40000"],
      ["HSET", "k", "text", "some text value", "zero", "0", "lead", "007", "huge", "9".repeat(20)],
    ],
  },
  "128-field listpack hash": {
    build: [["HSET", "k", ...range(128, (i) => [`f${pad(i)}`, `value-${i}`]).flat()]],
  },
  "129-field hashtable hash": {
    build: [["HSET", "k", ...range(129, (i) => [`f${pad(i)}`, `v${pad(i)}`]).flat()]],
  },
  "hashtable hash from a long value": {
    build: [["HSET", "k", "a", "1", "b", "x".repeat(65)]],
  },
  "listpack hash after deletes": {
    build: [
      ["HSET", "k", ...range(20, (i) => [`f${i}`, `value-${i}`]).flat()],
      ["HDEL", "k", "f3", "f7", "f11"],
      ["HSET", "k", "f7", "back"],
    ],
  },
  "1000-field hashtable hash": {
    build: [["HSET", "k", ...range(1000, (i) => [`field:${pad(i)}`, `value:${pad(i)}`]).flat()]],
  },

  // Sets: intsets of each width, the intset threshold, hashtables.
  "3-member intset": { build: [["SADD", "k", "1", "2", "3"]] },
  "32-bit intset": { build: [["SADD", "k", "1", "40000", "-3"]] },
  "64-bit intset": { build: [["SADD", "k", "1", "5000000000"]] },
  "512-member intset": { build: [["SADD", "k", ...range(512, String)]] },
  "513-member hashtable from integers": { build: [["SADD", "k", ...range(513, String)]] },
  "3-member hashtable set": { build: [["SADD", "k", "a", "b", "c"]] },
  "1000-member hashtable set": { build: [["SADD", "k", ...range(1000, (i) => `m:${pad(i)}`)]] },
  "hashtable set of mixed lengths": {
    build: [["SADD", "k", ...range(300, (i) => "m".repeat(1 + (i % 40)))]],
    // Redis samples 5 members in its buckets' order, a random pick of lengths 1 to 40: not compared.
    sampledTolerance: "random",
  },

  // Sorted sets: listpack (scores as 7.0's d2string prints them), the thresholds, skiplists.
  "2-member listpack zset": { build: [["ZADD", "k", "1", "a", "2", "b"]] },
  "listpack zset with fractional and large scores": {
    build: [["ZADD", "k", "0.1", "a", "-1.5", "b", "1e20", "c", "3000000", "d", "0", "e"]],
  },
  "128-member listpack zset": {
    build: [["ZADD", "k", ...range(128, (i) => [String(i * 3), `member-${i}`]).flat()]],
  },
  "129-member skiplist zset": {
    build: [["ZADD", "k", ...range(129, (i) => [String(i), `m${pad(i)}`]).flat()]],
    tolerance: 0.03,
    sampledTolerance: 0.15,
  },
  "skiplist zset from a long member": {
    build: [["ZADD", "k", "1", "a", "2", "b".repeat(65)]],
    tolerance: 0.05,
    sampledTolerance: 0.15,
  },
  "1000-member skiplist zset": {
    build: [["ZADD", "k", ...range(1000, (i) => [`${i}.5`, `member:${pad(i)}`]).flat()]],
    tolerance: 0.02,
    sampledTolerance: 0.15,
  },

  // Lists: one node (a listpack here), then quicklists of several nodes.
  "3-item list": { build: [["RPUSH", "k", "a", "b", "c"]], redisExtra: ONE_NODE_QUICKLIST },
  "list of integers": {
    build: [["RPUSH", "k", "1", "-200", "70000", "5000000000", "text"]],
    redisExtra: ONE_NODE_QUICKLIST,
  },
  "1000-item quicklist": {
    build: [["RPUSH", "k", ...range(1000, (i) => `item-${pad(i)}-padding`)]],
  },
  "quicklist built from the head": {
    build: range(10, (n) => ["LPUSH", "k", ...range(100, (i) => `head-${pad(100 * n + i)}`)]),
    sampledTolerance: 0.05,
  },
  "quicklist of 300-byte items": {
    build: [["RPUSH", "k", ...range(200, (i) => `${pad(i)}${"z".repeat(295)}`)]],
  },
};

/** A stream of `count` entries with IDs `base + 7i` ms, the same two fields each. */
function streamBuild(count: number): string[][] {
  return range(count, (i) => [
    "XADD",
    "k",
    `${1_700_000_000_000 + 7 * i}-${i % 3}`,
    "sensor",
    "s-1",
    "reading",
    String(40 + (i % 90)),
  ]);
}

const streamCases: Record<string, Case> = {
  "1-entry stream": { build: streamBuild(1) },
  "100-entry stream": { build: streamBuild(100) },
  "101-entry stream": { build: streamBuild(101) },
  "1000-entry stream": { build: streamBuild(1000) },
  "stream of 200-byte entries (nodes cut at 4 KB)": {
    build: range(300, (i) => ["XADD", "k", `${i + 1}-0`, "payload", `${pad(i)}${"p".repeat(195)}`]),
    // Sampled: the node count and the radix tree past the first 5 nodes are scaled from them.
    sampledTolerance: 0.02,
  },
  "stream with other fields": {
    build: [
      ...streamBuild(3),
      ["XADD", "k", "*", "other", "field", "and", "more"],
      ["XADD", "k", "*", "sensor", "s-2"],
    ],
  },
  "stream with groups and pending entries": {
    build: [
      ...streamBuild(250),
      ["XGROUP", "CREATE", "k", "g1", "0"],
      ["XGROUP", "CREATE", "k", "g2", "$"],
      ["XREADGROUP", "GROUP", "g1", "alice", "COUNT", "30", "STREAMS", "k", ">"],
      ["XREADGROUP", "GROUP", "g1", "bob", "COUNT", "5", "STREAMS", "k", ">"],
      ["XGROUP", "CREATECONSUMER", "k", "g2", "carol"],
    ],
  },
  "stream with a large pending entries list": {
    build: [
      ...streamBuild(1000),
      ["XGROUP", "CREATE", "k", "g", "0"],
      ["XREADGROUP", "GROUP", "g", "alice", "COUNT", "700", "STREAMS", "k", ">"],
      ["XACK", "k", "g", ...range(100, (i) => `${1_700_000_000_000 + 7 * 3 * i}-${(3 * i) % 3}`)],
    ],
    // Past 256 pending entries the PEL's radix tree is measured on its first keys and scaled.
    sampledTolerance: 0.05,
  },
};

/** Lookups that finish Redis's incremental rehashing of `k` (see the module comment). */
const SETTLE_REHASH = `
local kind = redis.call('TYPE', KEYS[1]).ok
for i = 1, 2000 do
  if kind == 'hash' then redis.call('HEXISTS', KEYS[1], '\\0')
  elseif kind == 'set' then redis.call('SISMEMBER', KEYS[1], '\\0')
  elseif kind == 'zset' then redis.call('ZSCORE', KEYS[1], '\\0') end
end
return 1`;

function integerOf(value: Resp2Value): number {
  if (value.kind !== "integer") {
    throw new Error(`expected an integer, got ${JSON.stringify(show(value))}`);
  }
  return Number(value.value);
}

describe.runIf(canRunDifferential)("MEMORY USAGE against redis-server 7.0", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
    // 7.0 has no listpack sets: strings go to a hashtable (see the module comment).
    await targets.stratus.call("CONFIG", "SET", "set-max-listpack-entries", "0");
    // The thresholds the cases cross, the same on both sides whatever the defaults.
    for (const client of [targets.stratus, targets.redis]) {
      await client.call("CONFIG", "SET", "hash-max-listpack-entries", "128");
    }
  });

  afterAll(async () => {
    await targets.close();
  });

  async function measure(testCase: Case): Promise<{ ours: number[]; redis: number[] }> {
    const { stratus, redis } = targets;
    await Promise.all([stratus.call("FLUSHALL"), redis.call("FLUSHALL")]);
    for (const argv of testCase.build) {
      await Promise.all([stratus.call(...argv), redis.call(...argv)]);
    }
    await redis.call("EVAL", SETTLE_REHASH, "1", "k");
    const key = testCase.build[0]?.[1] ?? "k";
    const [encoding, redisEncoding] = await Promise.all([
      stratus.call("OBJECT", "ENCODING", key),
      redis.call("OBJECT", "ENCODING", key),
    ]);
    if (testCase.redisExtra === undefined && show(encoding) !== show(redisEncoding)) {
      throw new Error(`encodings differ: ${show(encoding)} vs ${show(redisEncoding)}`);
    }
    const ours: number[] = [];
    const theirs: number[] = [];
    for (const samples of [["SAMPLES", "0"], []]) {
      const [a, b] = await Promise.all([
        stratus.call("MEMORY", "USAGE", key, ...samples),
        redis.call("MEMORY", "USAGE", key, ...samples),
      ]);
      ours.push(integerOf(a));
      theirs.push(integerOf(b) - (testCase.redisExtra ?? 0));
    }
    return { ours, redis: theirs };
  }

  for (const [name, testCase] of Object.entries({ ...cases, ...streamCases })) {
    test(name, async ({ expect }) => {
      const { ours, redis } = await measure(testCase);
      const tolerances = [
        testCase.tolerance ?? 0,
        testCase.sampledTolerance ?? testCase.tolerance ?? 0,
      ];
      for (const [i, tolerance] of tolerances.entries()) {
        const label = i === 0 ? "SAMPLES 0" : "default SAMPLES";
        const mine = ours[i] ?? Number.NaN;
        const expected = redis[i] ?? Number.NaN;
        if (tolerance === "random") {
          continue;
        }
        if (tolerance === 0) {
          expect(mine, label).toBe(expected);
        } else {
          expect(
            Math.abs(mine - expected) / expected,
            `${label}: ${mine} vs ${expected}`,
          ).toBeLessThanOrEqual(tolerance);
        }
      }
    });
  }
});
