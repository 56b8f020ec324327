import { defineCommand } from "../define.ts";
import { parseRange, runRange } from "./_range.ts";

/**
 * ZREVRANGEBYSCORE key max min [WITHSCORES] [LIMIT offset count]: ZRANGE … BYSCORE REV.
 * @see https://redis.io/commands/zrevrangebyscore
 */
export const zrevrangebyscore = defineCommand({
  name: "ZREVRANGEBYSCORE",
  group: "sorted-set",
  arity: -4,
  resp3: "scored",
  flags: ["readonly"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary: "Returns members in a sorted set within a range of scores in reverse order.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can consider it O(log(N)).",
  parse: (args) => parseRange(args, { type: "score", isReverse: true }),
  run: runRange,
});
