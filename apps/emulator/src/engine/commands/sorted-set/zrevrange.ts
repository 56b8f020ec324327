import { defineCommand } from "../define.ts";
import { parseRange, runRange } from "./_range.ts";

/**
 * ZREVRANGE key start stop [WITHSCORES]: ZRANGE … REV.
 * @see https://redis.io/commands/zrevrange
 */
export const zrevrange = defineCommand({
  name: "ZREVRANGE",
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
  since: "1.2.0",
  summary: "Returns members in a sorted set within a range of indexes in reverse order.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.",
  parse: (args) => parseRange(args, { type: "rank", isReverse: true }),
  run: runRange,
});
