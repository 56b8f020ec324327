import { defineCommand } from "../define.ts";
import { parseRange, runRange } from "./_range.ts";

/**
 * ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES]: members by
 * index range, or by score or lex range with BYSCORE/BYLEX (LIMIT then pages through them), in
 * descending order with REV (the range is then given as max min).
 * @see https://redis.io/commands/zrange
 */
export const zrange = defineCommand({
  name: "ZRANGE",
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
  summary: "Returns members in a sorted set within a range of indexes.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements returned.",
  parse: (args) => parseRange(args, {}),
  run: runRange,
});
