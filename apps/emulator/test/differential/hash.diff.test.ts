/**
 * Hash commands against redis-server 7.0. Not diffed (newer than 7.0, unit-tested instead): the
 * field-expiry family (HEXPIRE…HPERSIST, 7.4) and HGETDEL, HGETEX, HSETEX (8.0).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, count, field, int, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("hash commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const scripts: Record<string, Step[]> = {
    "HSET, HGET, HMGET, HDEL and HLEN": [
      ["HSET", "h", "a", "1", "b", "2"],
      ["HSET", "h", "a", "3", "c", "4"],
      ["HSET", "h", "a"],
      ["HGET", "h", "a"],
      ["HGET", "h", "missing"],
      ["HGET", "nokey", "a"],
      ["HMGET", "h", "a", "missing", "c"],
      ["HMGET", "nokey", "a"],
      ["HLEN", "h"],
      ["HLEN", "nokey"],
      ["HDEL", "h", "a", "a", "missing"],
      ["HDEL", "nokey", "a"],
      ["HEXISTS", "h", "b"],
      ["HEXISTS", "h", "a"],
      ["HSTRLEN", "h", "c"],
      ["HSTRLEN", "h", "missing"],
      ["HDEL", "h", "b", "c"],
      ["EXISTS", "h"],
    ],
    "HMSET and HSETNX": [
      ["HMSET", "h", "a", "1"],
      ["HMSET", "h", "a"],
      ["HSETNX", "h", "a", "2"],
      ["HSETNX", "h", "b", "2"],
      ["HGETALL", "h"],
    ],
    "HGETALL, HKEYS and HVALS": [
      ["HSET", "h", "x", "1", "y", "2", "z", "3", "", "empty"],
      { argv: ["HGETALL", "h"], compare: "unordered-pairs" },
      { argv: ["HKEYS", "h"], compare: "unordered" },
      { argv: ["HVALS", "h"], compare: "unordered" },
      ["HGETALL", "nokey"],
      ["HKEYS", "nokey"],
      ["HVALS", "nokey"],
    ],
    "HINCRBY and its errors": [
      ["HINCRBY", "h", "n", "5"],
      ["HINCRBY", "h", "n", "-7"],
      ["HINCRBY", "h", "n", "x"],
      ["HSET", "h", "s", "abc", "big", "9223372036854775807"],
      ["HINCRBY", "h", "s", "1"],
      ["HINCRBY", "h", "big", "1"],
      ["HINCRBY", "h", "n", "9223372036854775808"],
      ["HGET", "h", "n"],
    ],
    HINCRBYFLOAT: [
      { argv: ["HINCRBYFLOAT", "h", "f", "1.1"], compare: "double" },
      { argv: ["HINCRBYFLOAT", "h", "f", "2.5e2"], compare: "double" },
      { argv: ["HINCRBYFLOAT", "h", "f", "-251.1"], compare: "double" },
      ["HINCRBYFLOAT", "h", "f", "inf"],
      ["HINCRBYFLOAT", "h", "f", "x"],
      ["HSET", "h", "s", "abc"],
      ["HINCRBYFLOAT", "h", "s", "1"],
      { argv: ["HGET", "h", "f"], compare: "double" },
    ],
    "HRANDFIELD and HSCAN": [
      ["HRANDFIELD", "nokey"],
      ["HRANDFIELD", "nokey", "3"],
      ["HSET", "h", "a", "1", "b", "2", "c", "3"],
      { argv: ["HRANDFIELD", "h"], compare: "kind" },
      { argv: ["HRANDFIELD", "h", "5"], compare: "unordered" },
      { argv: ["HRANDFIELD", "h", "0"], compare: "exact" },
      { argv: ["HRANDFIELD", "h", "3", "WITHVALUES"], compare: "unordered" },
      { argv: ["HSCAN", "h", "0"], compare: "scan" },
      { argv: ["HSCAN", "h", "0", "MATCH", "a*"], compare: "scan" },
      { argv: ["HSCAN", "h", "0", "COUNT", "100"], compare: "scan" },
      ["HSCAN", "nokey", "0"],
      ["HSCAN", "h", "x"],
    ],
    "wrong types": [
      ["SET", "s", "v"],
      ["HSET", "s", "a", "1"],
      ["HGET", "s", "a"],
      ["HGETALL", "s"],
      ["HLEN", "s"],
      ["HINCRBY", "s", "a", "1"],
      ["HSET", "h", "a", "1"],
      ["GET", "h"],
      ["TYPE", "h"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const unordered = (arbitrary: fc.Arbitrary<readonly string[]>): fc.Arbitrary<Step> =>
    arbitrary.map((argv) => ({ argv, compare: "unordered" as const }));

  const hashCommand: fc.Arbitrary<Step> = fc.oneof(
    command("HSET", key, field, value),
    command("HSET", key, field, value, field, value),
    command("HGET", key, field),
    command("HMGET", key, field, field),
    command("HDEL", key, field),
    command("HLEN", key),
    command("HEXISTS", key, field),
    command("HSTRLEN", key, field),
    command("HINCRBY", key, field, int),
    command("HSETNX", key, field, value),
    unordered(command("HKEYS", key)),
    unordered(command("HVALS", key)),
    command("HGETALL", key).map((argv) => ({ argv, compare: "unordered-pairs" as const })),
    command("HRANDFIELD", key, count).map((argv) => ({ argv, compare: "kind" as const })),
    command("SET", key, value),
    command("DEL", key),
    command("TYPE", key),
    command("EXISTS", key, key),
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(hashCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
