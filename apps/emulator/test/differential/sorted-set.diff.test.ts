/**
 * Sorted-set commands against redis-server 7.0. Not diffed (newer than 7.0, unit-tested instead):
 * ZRANK and ZREVRANK WITHSCORE (7.2). Scores are compared as numbers (`double`): Redis 7.2 and
 * later, like the engine, print the shortest round-trip form (`0.1`) where 7.0 prints 17 digits.
 * Blocking pops are diffed only where they do not block.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, count, int, key } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("sorted-set commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const d = (...argv: string[]): Step => ({ argv, compare: "double" });
  const seed: Step = [
    "ZADD",
    "z",
    "1",
    "a",
    "2",
    "b",
    "2",
    "c",
    "3.5",
    "d",
    "-inf",
    "lo",
    "+inf",
    "hi",
  ];

  const scripts: Record<string, Step[]> = {
    "ZADD options": [
      ["ZADD", "z", "1", "a", "2", "b"],
      ["ZADD", "z", "NX", "5", "a", "3", "c"],
      ["ZADD", "z", "XX", "CH", "5", "a", "4", "new"],
      ["ZADD", "z", "GT", "CH", "0", "a", "9", "b"],
      ["ZADD", "z", "LT", "CH", "1", "a", "10", "b"],
      d("ZADD", "z", "INCR", "1.5", "a"),
      ["ZADD", "z", "NX", "INCR", "1", "a"],
      ["ZADD", "z", "XX", "INCR", "1", "missing"],
      ["ZADD", "z", "NX", "XX", "1", "a"],
      ["ZADD", "z", "GT", "LT", "1", "a"],
      ["ZADD", "z", "NX", "GT", "1", "a"],
      ["ZADD", "z", "INCR", "1", "a", "2", "b"],
      ["ZADD", "z", "1"],
      ["ZADD", "z", "x", "a"],
      ["ZADD", "z", "nan", "a"],
      ["ZADD", "nokey", "XX", "1", "a"],
      ["EXISTS", "nokey"],
      d("ZRANGE", "z", "0", "-1", "WITHSCORES"),
    ],
    "scores, ranks and counts": [
      seed,
      ["ZCARD", "z"],
      ["ZCARD", "nokey"],
      d("ZSCORE", "z", "d"),
      ["ZSCORE", "z", "lo"],
      ["ZSCORE", "z", "missing"],
      d("ZMSCORE", "z", "a", "missing", "hi"),
      ["ZMSCORE", "nokey", "a"],
      ["ZRANK", "z", "c"],
      ["ZREVRANK", "z", "c"],
      ["ZRANK", "z", "missing"],
      ["ZCOUNT", "z", "-inf", "+inf"],
      ["ZCOUNT", "z", "(1", "3.5"],
      ["ZCOUNT", "z", "(2", "(2"],
      ["ZCOUNT", "z", "x", "1"],
      ["ZLEXCOUNT", "z", "-", "+"],
      d("ZINCRBY", "z", "0.1", "a"),
      d("ZINCRBY", "z", "0.2", "a"),
      d("ZINCRBY", "z", "5", "new"),
      ["ZINCRBY", "z", "x", "a"],
      ["ZINCRBY", "z", "inf", "hi"],
      ["ZINCRBY", "z", "-inf", "hi"],
    ],
    "ZRANGE forms": [
      seed,
      d("ZRANGE", "z", "0", "-1", "WITHSCORES"),
      d("ZRANGE", "z", "-2", "-1", "REV", "WITHSCORES"),
      ["ZRANGE", "z", "(1", "3.5", "BYSCORE"],
      ["ZRANGE", "z", "+inf", "-inf", "BYSCORE", "REV", "LIMIT", "1", "2"],
      ["ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "0", "-1"],
      ["ZRANGE", "z", "0", "-1", "LIMIT", "0", "1"],
      ["ZRANGE", "z", "[b", "(d", "BYLEX"],
      ["ZRANGE", "z", "b", "d", "BYLEX"],
      ["ZRANGE", "z", "0", "-1", "BYSCORE", "BYLEX"],
      ["ZRANGEBYSCORE", "z", "2", "+inf", "WITHSCORES", "LIMIT", "0", "2"],
      ["ZREVRANGEBYSCORE", "z", "+inf", "2", "LIMIT", "1", "5"],
      ["ZREVRANGE", "z", "0", "2"],
      ["ZADD", "lex", "0", "a", "0", "b", "0", "c", "0", "d"],
      ["ZRANGEBYLEX", "lex", "-", "[c"],
      ["ZREVRANGEBYLEX", "lex", "+", "(a", "LIMIT", "1", "2"],
      ["ZRANGESTORE", "dst", "z", "0", "2"],
      d("ZRANGE", "dst", "0", "-1", "WITHSCORES"),
      ["ZRANGESTORE", "dst", "z", "10", "20"],
      ["EXISTS", "dst"],
      ["ZRANGE", "nokey", "0", "-1"],
    ],
    "removals and pops": [
      seed,
      ["ZREM", "z", "a", "missing"],
      ["ZREMRANGEBYSCORE", "z", "-inf", "(2"],
      ["ZREMRANGEBYRANK", "z", "-1", "-1"],
      ["ZADD", "z", "0", "x", "0", "y"],
      ["ZREMRANGEBYLEX", "z", "[x", "[y"],
      d("ZRANGE", "z", "0", "-1", "WITHSCORES"),
      seed,
      d("ZPOPMIN", "z"),
      d("ZPOPMAX", "z", "2"),
      ["ZPOPMIN", "z", "0"],
      ["ZPOPMIN", "z", "-1"],
      ["ZPOPMIN", "nokey"],
      d("ZMPOP", "2", "nokey", "z", "MIN", "COUNT", "2"),
      ["ZMPOP", "1", "nokey", "MAX"],
      ["ZMPOP", "1", "z", "SIDEWAYS"],
      d("BZPOPMIN", "nokey", "z", "0"),
      d("BZPOPMAX", "z", "0"),
      d("BZMPOP", "0", "1", "z", "MAX", "COUNT", "10"),
      ["EXISTS", "z"],
    ],
    "set operations": [
      ["ZADD", "a", "1", "x", "2", "y", "3", "z"],
      ["ZADD", "b", "10", "y", "20", "z", "30", "w"],
      ["SADD", "s", "x", "w"],
      d("ZUNION", "2", "a", "b", "WITHSCORES"),
      d("ZUNION", "2", "a", "b", "WEIGHTS", "2", "0.5", "AGGREGATE", "MAX", "WITHSCORES"),
      d("ZINTER", "2", "a", "b", "WITHSCORES"),
      d("ZINTER", "2", "a", "s", "AGGREGATE", "MIN", "WITHSCORES"),
      d("ZDIFF", "2", "a", "b", "WITHSCORES"),
      ["ZINTERCARD", "2", "a", "b"],
      ["ZINTERCARD", "2", "a", "b", "LIMIT", "1"],
      ["ZUNIONSTORE", "dst", "3", "a", "b", "s"],
      d("ZRANGE", "dst", "0", "-1", "WITHSCORES"),
      ["ZINTERSTORE", "dst", "2", "a", "nokey"],
      ["EXISTS", "dst"],
      ["ZDIFFSTORE", "dst", "1", "a"],
      ["ZUNION", "0", "a"],
      ["ZUNION", "3", "a", "b"],
      ["ZUNION", "2", "a", "b", "WEIGHTS", "1"],
      ["ZUNION", "2", "a", "b", "AGGREGATE", "AVG"],
      ["SET", "str", "v"],
      ["ZUNION", "2", "a", "str"],
    ],
    "ZRANDMEMBER and ZSCAN": [
      ["ZRANDMEMBER", "nokey"],
      ["ZRANDMEMBER", "nokey", "2"],
      ["ZADD", "z", "1", "a", "2", "b"],
      { argv: ["ZRANDMEMBER", "z"], compare: "kind" },
      { argv: ["ZRANDMEMBER", "z", "5", "WITHSCORES"], compare: "unordered" },
      ["ZRANDMEMBER", "z", "0"],
      { argv: ["ZSCAN", "z", "0"], compare: "scan" },
      ["ZSCAN", "nokey", "0"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const member = fc.constantFrom("a", "b", "c", "");
  const score = fc.constantFrom("0", "1", "-1", "2.5", "0.1", "inf", "-inf", "1e3", "x");
  const bound = fc.constantFrom("-inf", "+inf", "0", "(1", "2.5", "(0.1");
  const lexBound = fc.constantFrom("-", "+", "[a", "(b", "[c");
  const zsetCommand: fc.Arbitrary<Step> = fc
    .oneof(
      command("ZADD", key, score, member),
      command("ZADD", key, fc.constantFrom("NX", "XX", "GT", "LT", "CH"), score, member),
      command("ZINCRBY", key, score, member),
      command("ZREM", key, member),
      command("ZCARD", key),
      command("ZSCORE", key, member),
      command("ZRANK", key, member),
      command("ZREVRANK", key, member),
      command("ZCOUNT", key, bound, bound),
      command("ZLEXCOUNT", key, lexBound, lexBound),
      command("ZRANGE", key, int, int, fc.constant("WITHSCORES")),
      command("ZRANGEBYSCORE", key, bound, bound),
      command("ZRANGEBYLEX", key, lexBound, lexBound),
      command("ZREMRANGEBYRANK", key, int, int),
      command("ZREMRANGEBYSCORE", key, bound, bound),
      command("ZPOPMIN", key, count),
      command("ZPOPMAX", key),
      command("ZUNIONSTORE", key, fc.constant("2"), key, key),
      command("ZINTERSTORE", key, fc.constant("2"), key, key),
      command("ZDIFFSTORE", key, fc.constant("2"), key, key),
      command("SADD", key, member),
      command("DEL", key),
      command("TYPE", key),
      command("EXISTS", key, key),
    )
    .map((argv) => ({ argv, compare: "double" as const }));

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(zsetCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
