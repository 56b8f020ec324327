/** Set commands against redis-server 7.0 (every set command is 7.0 or older). */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, count, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("set commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const u = (...argv: string[]): Step => ({ argv, compare: "unordered" });

  const scripts: Record<string, Step[]> = {
    "SADD, SREM, SCARD, SISMEMBER and SMISMEMBER": [
      ["SADD", "s", "a", "b", "a", "c"],
      ["SADD", "s", "a"],
      ["SADD", "s"],
      ["SCARD", "s"],
      ["SCARD", "nokey"],
      ["SISMEMBER", "s", "a"],
      ["SISMEMBER", "s", "z"],
      ["SISMEMBER", "nokey", "a"],
      ["SMISMEMBER", "s", "a", "z", "c"],
      ["SMISMEMBER", "nokey", "a"],
      ["SREM", "s", "a", "z", "a"],
      ["SREM", "nokey", "a"],
      u("SMEMBERS", "s"),
      ["SMEMBERS", "nokey"],
      ["SREM", "s", "b", "c"],
      ["EXISTS", "s"],
    ],
    "integer sets and large sets": [
      ["SADD", "ints", "3", "1", "2", "-5", "9223372036854775807"],
      u("SMEMBERS", "ints"),
      ["SADD", "ints", "x"],
      u("SMEMBERS", "ints"),
      ["SISMEMBER", "ints", "-5"],
      ["SADD", "big", ...Array.from({ length: 200 }, (_, i) => `m${i}`)],
      ["SCARD", "big"],
      u("SINTER", "big", "ints"),
    ],
    "SINTER, SUNION, SDIFF and their STORE forms": [
      ["SADD", "a", "1", "2", "3", "4"],
      ["SADD", "b", "3", "4", "5"],
      ["SADD", "c", "4", "6"],
      u("SINTER", "a", "b"),
      u("SINTER", "a", "b", "c"),
      u("SINTER", "a", "nokey"),
      u("SUNION", "a", "b", "c", "nokey"),
      u("SDIFF", "a", "b"),
      u("SDIFF", "a", "b", "c"),
      u("SDIFF", "nokey", "a"),
      ["SINTERSTORE", "dst", "a", "b"],
      u("SMEMBERS", "dst"),
      ["SINTERSTORE", "dst", "a", "nokey"],
      ["EXISTS", "dst"],
      ["SUNIONSTORE", "dst", "a", "c"],
      u("SMEMBERS", "dst"),
      ["SDIFFSTORE", "dst", "a", "a"],
      ["EXISTS", "dst"],
      ["SET", "str", "v"],
      ["SINTER", "a", "str"],
      ["SUNIONSTORE", "str", "a"],
      ["TYPE", "str"],
      ["SDIFF", "str", "a"],
    ],
    SINTERCARD: [
      ["SADD", "a", "1", "2", "3", "4"],
      ["SADD", "b", "3", "4", "5"],
      ["SINTERCARD", "2", "a", "b"],
      ["SINTERCARD", "2", "a", "b", "LIMIT", "1"],
      ["SINTERCARD", "2", "a", "b", "LIMIT", "0"],
      ["SINTERCARD", "1", "a"],
      ["SINTERCARD", "2", "a", "nokey"],
      ["SINTERCARD", "0", "a"],
      ["SINTERCARD", "3", "a", "b"],
      ["SINTERCARD", "2", "a", "b", "LIMIT", "-1"],
      ["SINTERCARD", "2", "a", "b", "FOO", "1"],
    ],
    SMOVE: [
      ["SADD", "src", "a", "b"],
      ["SMOVE", "src", "dst", "a"],
      ["SMOVE", "src", "dst", "z"],
      ["SMOVE", "src", "dst", "b"],
      ["EXISTS", "src"],
      u("SMEMBERS", "dst"),
      ["SMOVE", "dst", "dst", "a"],
      ["SET", "str", "v"],
      ["SMOVE", "dst", "str", "a"],
      ["SMOVE", "str", "dst", "a"],
    ],
    "SPOP, SRANDMEMBER and SSCAN": [
      ["SPOP", "nokey"],
      ["SPOP", "nokey", "2"],
      ["SRANDMEMBER", "nokey"],
      ["SRANDMEMBER", "nokey", "2"],
      ["SADD", "s", "a", "b", "c"],
      { argv: ["SRANDMEMBER", "s"], compare: "kind" },
      u("SRANDMEMBER", "s", "5"),
      ["SRANDMEMBER", "s", "0"],
      { argv: ["SRANDMEMBER", "s", "-5"], compare: "kind" },
      { argv: ["SCAN", "0"], compare: "scan" },
      { argv: ["SSCAN", "s", "0"], compare: "scan" },
      { argv: ["SSCAN", "s", "0", "MATCH", "[ab]"], compare: "scan" },
      ["SSCAN", "nokey", "0"],
      ["SPOP", "s", "-1"],
      u("SPOP", "s", "5"),
      ["EXISTS", "s"],
      ["SADD", "s", "a"],
      ["SPOP", "s"],
      ["SPOP", "s"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const unordered = (arbitrary: fc.Arbitrary<readonly string[]>): fc.Arbitrary<Step> =>
    arbitrary.map((argv) => ({ argv, compare: "unordered" as const }));

  // SPOP is left out: which member it removes is random, so the two sides' states would diverge.
  const setCommand: fc.Arbitrary<Step> = fc.oneof(
    command("SADD", key, value),
    command("SADD", key, value, value, value),
    command("SREM", key, value),
    command("SCARD", key),
    command("SISMEMBER", key, value),
    command("SMISMEMBER", key, value, value),
    unordered(command("SMEMBERS", key)),
    unordered(command("SINTER", key, key)),
    unordered(command("SUNION", key, key)),
    unordered(command("SDIFF", key, key)),
    command("SINTERSTORE", key, key, key),
    command("SUNIONSTORE", key, key, key),
    command("SDIFFSTORE", key, key, key),
    command("SINTERCARD", fc.constant("2"), key, key),
    command("SMOVE", key, key, value),
    command("SRANDMEMBER", key, count).map((argv) => ({ argv, compare: "kind" as const })),
    command("SET", key, value),
    command("DEL", key),
    command("TYPE", key),
    command("EXISTS", key, key),
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(setCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
