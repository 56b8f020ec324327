/**
 * List commands against redis-server 7.0 (every list command is 7.0 or older). Blocking pops are
 * diffed only where they do not block: on a non-empty list, or inside MULTI, where they act as
 * their non-blocking forms.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, count, int, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("list commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const scripts: Record<string, Step[]> = {
    "pushes, pops and LRANGE": [
      ["LPUSH", "l", "a", "b", "c"],
      ["RPUSH", "l", "x", "y"],
      ["LRANGE", "l", "0", "-1"],
      ["LRANGE", "l", "-100", "100"],
      ["LRANGE", "l", "3", "1"],
      ["LRANGE", "l", "x", "1"],
      ["LRANGE", "nokey", "0", "-1"],
      ["LPUSHX", "nokey", "a"],
      ["RPUSHX", "nokey", "a"],
      ["LPUSHX", "l", "p", "q"],
      ["RPUSHX", "l", "r"],
      ["LPOP", "l"],
      ["RPOP", "l"],
      ["LPOP", "l", "2"],
      ["RPOP", "l", "0"],
      ["LPOP", "l", "-1"],
      ["LPOP", "nokey"],
      ["LPOP", "nokey", "2"],
      ["LLEN", "l"],
      ["RPOP", "l", "100"],
      ["EXISTS", "l"],
      ["LLEN", "nokey"],
    ],
    "LINDEX, LSET, LINSERT, LREM and LTRIM": [
      ["RPUSH", "l", "a", "b", "a", "c", "a"],
      ["LINDEX", "l", "0"],
      ["LINDEX", "l", "-1"],
      ["LINDEX", "l", "10"],
      ["LINDEX", "l", "x"],
      ["LSET", "l", "1", "B"],
      ["LSET", "l", "10", "z"],
      ["LSET", "nokey", "0", "z"],
      ["LINSERT", "l", "BEFORE", "B", "pre"],
      ["LINSERT", "l", "AFTER", "c", "post"],
      ["LINSERT", "l", "AFTER", "missing", "x"],
      ["LINSERT", "nokey", "AFTER", "a", "x"],
      ["LINSERT", "l", "MIDDLE", "a", "x"],
      ["LRANGE", "l", "0", "-1"],
      ["LREM", "l", "1", "a"],
      ["LREM", "l", "-1", "a"],
      ["LRANGE", "l", "0", "-1"],
      ["LREM", "l", "0", "a"],
      ["LREM", "nokey", "0", "a"],
      ["LTRIM", "l", "1", "-2"],
      ["LRANGE", "l", "0", "-1"],
      ["LTRIM", "l", "5", "1"],
      ["EXISTS", "l"],
    ],
    LPOS: [
      ["RPUSH", "l", "a", "b", "c", "1", "2", "3", "c", "c"],
      ["LPOS", "l", "c"],
      ["LPOS", "l", "c", "RANK", "2"],
      ["LPOS", "l", "c", "RANK", "-1"],
      ["LPOS", "l", "c", "COUNT", "0"],
      ["LPOS", "l", "c", "COUNT", "2", "RANK", "-1"],
      ["LPOS", "l", "c", "MAXLEN", "3"],
      ["LPOS", "l", "c", "COUNT", "0", "MAXLEN", "7"],
      ["LPOS", "l", "z"],
      ["LPOS", "l", "z", "COUNT", "0"],
      ["LPOS", "l", "c", "RANK", "0"],
      ["LPOS", "l", "c", "COUNT", "-1"],
      ["LPOS", "l", "c", "MAXLEN", "-1"],
      ["LPOS", "nokey", "c"],
    ],
    "LMOVE, RPOPLPUSH and LMPOP": [
      ["RPUSH", "src", "a", "b", "c"],
      ["LMOVE", "src", "dst", "LEFT", "RIGHT"],
      ["LMOVE", "src", "dst", "RIGHT", "LEFT"],
      ["RPOPLPUSH", "src", "src"],
      ["LRANGE", "src", "0", "-1"],
      ["LRANGE", "dst", "0", "-1"],
      ["LMOVE", "nokey", "dst", "LEFT", "LEFT"],
      ["LMOVE", "src", "dst", "UP", "LEFT"],
      ["LMPOP", "2", "nokey", "dst", "LEFT"],
      ["LMPOP", "2", "nokey", "dst", "RIGHT", "COUNT", "10"],
      ["LMPOP", "1", "nokey", "LEFT"],
      ["LMPOP", "0", "dst", "LEFT"],
      ["LMPOP", "1", "dst", "LEFT", "COUNT", "0"],
      ["LMPOP", "1", "src", "MIDDLE"],
      ["SET", "str", "v"],
      ["LMOVE", "src", "str", "LEFT", "LEFT"],
      ["LRANGE", "src", "0", "-1"],
      ["LPUSH", "str", "a"],
    ],
    "blocking pops that need not block": [
      ["RPUSH", "l", "a", "b"],
      ["BLPOP", "nokey", "l", "0"],
      ["BRPOP", "l", "0"],
      ["BLPOP", "l", "-1"],
      ["BLPOP", "l", "x"],
      ["RPUSH", "l", "c", "d"],
      ["BLMOVE", "l", "m", "LEFT", "LEFT", "0"],
      ["BRPOPLPUSH", "l", "m", "0"],
      ["BLMPOP", "0", "2", "nokey", "m", "LEFT", "COUNT", "5"],
      ["MULTI"],
      ["BLPOP", "nokey", "1"],
      ["BLMPOP", "1", "1", "nokey", "LEFT"],
      ["EXEC"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const side = fc.constantFrom("LEFT", "RIGHT");
  const listCommand = fc.oneof(
    command("LPUSH", key, value),
    command("RPUSH", key, value, value),
    command("LPUSHX", key, value),
    command("RPUSHX", key, value),
    command("LPOP", key),
    command("RPOP", key, count),
    command("LLEN", key),
    command("LRANGE", key, int, int),
    command("LINDEX", key, int),
    command("LSET", key, int, value),
    command("LINSERT", key, fc.constantFrom("BEFORE", "AFTER"), value, value),
    command("LREM", key, int, value),
    command("LTRIM", key, int, int),
    command("LPOS", key, value),
    command("LMOVE", key, key, side, side),
    command("RPOPLPUSH", key, key),
    command("LMPOP", fc.constant("2"), key, key, side),
    command("SET", key, value),
    command("DEL", key),
    command("TYPE", key),
    command("EXISTS", key, key),
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(listCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
