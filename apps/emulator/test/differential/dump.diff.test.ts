/**
 * DUMP/RESTORE against redis-server 7.0 (RDB 10), for every container type:
 * - the object bodies (payload minus the RDB version and CRC footer) are compared byte for byte
 *   where both servers encode the same way: quicklists, intsets, listpacks of hashes and sorted
 *   sets with integer or short scores, skiplists, appended streams and long strings (LZF). Not
 *   compared: small sets of strings (7.0 has no set listpack, its hashtable order is its own),
 *   hashtables, field TTLs (7.4+) and non-integer scores whose `%.17g` text differs.
 * - a payload DUMPed by Redis RESTOREs in the engine to the same contents;
 * - an engine payload RESTOREs in Redis, once re-framed as RDB 10 (same body, version 10 and its
 *   CRC): the engine writes RDB 12, which 7.0 refuses as too new, and the bodies of these types
 *   did not change between 10 and 12.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { afterAll, beforeAll, describe, test } from "vitest";
import { crc64 } from "../../src/engine/dump-format.ts";
import {
  canRunDifferential,
  normalise,
  runBoth,
  type Step,
  show,
  startTargets,
  type Targets,
} from "./harness.ts";

const toBytes = (text: string): Uint8Array => Buffer.from(text, "latin1");

function bulkText(value: Resp2Value): string {
  if (value.kind !== "bulk") {
    throw new Error(`expected a bulk reply, got ${JSON.stringify(show(value))}`);
  }
  return Buffer.from(value.value).toString("latin1");
}

/** The payload with its 10-byte footer (version + CRC) replaced for `version`. */
function reframe(payload: string, version: number): string {
  const body = payload.slice(0, -10) + String.fromCharCode(version & 0xff, version >> 8);
  const [high, low] = crc64(body);
  let footer = "";
  for (const half of [low, high]) {
    for (let shift = 0; shift < 32; shift += 8) {
      footer += String.fromCharCode((half >>> shift) & 0xff);
    }
  }
  return body + footer;
}

const numbers = (count: number, from = 0): string[] =>
  Array.from({ length: count }, (_, i) => String(from + i * 7));
const words = (count: number, width = 5): string[] =>
  Array.from({ length: count }, (_, i) => `w${String(i).padStart(width, "0")}`);

interface Case {
  /** Commands that build the key `k`. */
  readonly setup: readonly Step[];
  /** Commands whose replies show the value (run on both after a cross-RESTORE). */
  readonly inspect: readonly Step[];
  /** Whether the object bodies must be equal byte for byte. */
  readonly sameBytes: boolean;
  /** Whether 7.0 can read the engine's payload (its RDB type exists in RDB 10). */
  readonly redisReads: boolean;
}

const LONG = "abcdefghij".repeat(30);

const cases: Record<string, Case> = {
  "string with LZF": {
    setup: [["SET", "k", `${LONG}${"xyz".repeat(50)}`]],
    inspect: [["GET", "k"]],
    sameBytes: true,
    redisReads: true,
  },
  "string that LZF cannot shrink": {
    setup: [["SET", "k", "the quick brown fox jumps"]],
    inspect: [["GET", "k"]],
    sameBytes: true,
    redisReads: true,
  },
  "listpack list": {
    setup: [["RPUSH", "k", "a", "1", "-5", "300", "70000", "-9000000000", "x".repeat(100)]],
    inspect: [["LRANGE", "k", "0", "-1"]],
    sameBytes: true,
    redisReads: true,
  },
  "quicklist list": {
    setup: words(1200, 40).map((word) => ["RPUSH", "k", word]),
    inspect: [
      ["LRANGE", "k", "0", "-1"],
      ["OBJECT", "ENCODING", "k"],
    ],
    sameBytes: true,
    redisReads: true,
  },
  intset: {
    setup: [["SADD", "k", ...numbers(20, -40), "100000", "-5000000000"]],
    inspect: [
      ["SMEMBERS", "k"],
      ["OBJECT", "ENCODING", "k"],
    ],
    sameBytes: true,
    redisReads: true,
  },
  // 7.0 keeps this as a hashtable (RDB_TYPE_SET); 7.2+ and the engine as a set listpack.
  "small set of strings": {
    setup: [["SADD", "k", "a", "b", "c"]],
    inspect: [{ argv: ["SMEMBERS", "k"], compare: "unordered" }],
    sameBytes: false,
    redisReads: false,
  },
  "hashtable set": {
    setup: [["SADD", "k", ...words(300)]],
    inspect: [{ argv: ["SMEMBERS", "k"], compare: "unordered" }, ["SCARD", "k"]],
    sameBytes: false,
    redisReads: true,
  },
  "listpack sorted set": {
    setup: [["ZADD", "k", "1", "a", "-2", "b", "1.5", "c", "100000", "d", "0.25", "e", "inf", "f"]],
    inspect: [
      ["ZRANGE", "k", "0", "-1", "WITHSCORES"],
      ["OBJECT", "ENCODING", "k"],
    ],
    sameBytes: true,
    redisReads: true,
  },
  "skiplist sorted set": {
    setup: [
      ["ZADD", "k", ...words(200).flatMap((word, i) => [String(i * 3 - 100), word])],
      ["ZADD", "k", "0.1", "tenth"],
    ],
    inspect: [{ argv: ["ZRANGE", "k", "0", "-1", "WITHSCORES"], compare: "double" }],
    sameBytes: true,
    redisReads: true,
  },
  "listpack hash": {
    setup: [["HSET", "k", "f1", "v1", "n", "42", "big", "-123456789012", "e", ""]],
    inspect: [
      ["HGETALL", "k"],
      ["OBJECT", "ENCODING", "k"],
    ],
    sameBytes: true,
    redisReads: true,
  },
  "hashtable hash": {
    setup: [["HSET", "k", ...words(200).flatMap((word) => [word, `${word}-value`])]],
    inspect: [{ argv: ["HGETALL", "k"], compare: "unordered-pairs" }, ["HLEN", "k"]],
    sameBytes: false,
    redisReads: true,
  },
  stream: {
    setup: [
      ...Array.from(
        { length: 150 },
        (_, i): Step => [
          "XADD",
          "k",
          `${1000 + Math.floor(i / 3)}-${i % 3}`,
          "sensor",
          `s${i % 4}`,
          "value",
          String(i * 11),
          ...(i % 10 === 0 ? ["extra", "field"] : []),
        ],
      ),
    ],
    inspect: [
      ["XRANGE", "k", "-", "+"],
      ["XLEN", "k"],
    ],
    sameBytes: true,
    redisReads: false,
  },
  "stream with groups": {
    setup: [
      ["XADD", "k", "1-1", "a", "1"],
      ["XADD", "k", "2-1", "b", "2"],
      ["XADD", "k", "3-1", "c", "3"],
      ["XGROUP", "CREATE", "k", "g1", "0"],
      ["XGROUP", "CREATE", "k", "g2", "$"],
      ["XREADGROUP", "GROUP", "g1", "alice", "COUNT", "2", "STREAMS", "k", ">"],
      ["XREADGROUP", "GROUP", "g1", "bob", "STREAMS", "k", ">"],
      ["XACK", "k", "g1", "2-1"],
      ["XDEL", "k", "3-1"],
    ],
    inspect: [
      ["XRANGE", "k", "-", "+"],
      ["XPENDING", "k", "g1"],
      ["XINFO", "GROUPS", "k"],
    ],
    sameBytes: false,
    redisReads: false,
  },
};

describe.skipIf(!canRunDifferential)("DUMP and RESTORE against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  /** Runs `steps` on one side only and returns the normalised replies. */
  async function runOn(side: "stratus" | "redis", steps: readonly Step[]): Promise<unknown[]> {
    const client = targets[side];
    const replies: unknown[] = [];
    for (const step of steps) {
      const { argv, compare } =
        "argv" in step ? step : { argv: step as readonly string[], compare: "exact" as const };
      replies.push(normalise(await client.call(...argv.map(toBytes)), compare));
    }
    return replies;
  }

  test.for(Object.entries(cases))("%s", async ([, testCase], { expect }) => {
    // Build the value on both sides; the inspections must agree to begin with.
    const built = await runBoth(targets, [...testCase.setup, ...testCase.inspect]);
    // The RESP2 run, then the RESP3 run: each one's inspections.
    const half = built.length / 2;
    const inspected = built.slice(testCase.setup.length, half);
    for (const result of [...inspected, ...built.slice(half + testCase.setup.length)]) {
      expect(result.stratus, result.argv.join(" ")).toEqual(result.redis);
    }
    const ours = bulkText(await targets.stratus.call("DUMP", "k"));
    const theirs = bulkText(await targets.redis.call("DUMP", "k"));
    if (testCase.sameBytes) {
      // The stream type byte differs (7.0 writes STREAM_LISTPACKS_2, 8 the _3 layout).
      const body = (payload: string): string => payload.slice(1, -10);
      expect(Buffer.from(body(ours), "latin1").toString("hex")).toBe(
        Buffer.from(body(theirs), "latin1").toString("hex"),
      );
    }

    // Redis's payload restores in the engine to the same contents.
    await targets.stratus.call("DEL", "k");
    expect(show(await targets.stratus.call(...["RESTORE", "k", "0", theirs].map(toBytes)))).toBe(
      "+OK",
    );
    const afterRestore = await runOn("stratus", testCase.inspect);
    const reference = inspected.map((result) => result.redis);
    expect(afterRestore).toEqual(reference);

    // The engine's payload restores in Redis (re-framed for RDB 10).
    if (testCase.redisReads) {
      await targets.redis.call("DEL", "k");
      const reframed = reframe(ours, 10);
      expect(show(await targets.redis.call(...["RESTORE", "k", "0", reframed].map(toBytes)))).toBe(
        "+OK",
      );
      const restored = await runOn("redis", testCase.inspect);
      expect(restored).toEqual(reference);
    }
  });
});
