import { defineCommand } from "../define.ts";
import { parseRank, runRank } from "./_range.ts";

/**
 * ZRANK key member [WITHSCORE]: the member's 0-based rank by ascending score (with its score), or
 * nil.
 * @see https://redis.io/commands/zrank
 */
export const zrank = defineCommand({
  name: "ZRANK",
  group: "sorted-set",
  arity: -3,
  flags: ["readonly", "fast"],
  resp3: "rank-score",
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Returns the index of a member in a sorted set ordered by ascending scores.",
  complexity: "O(log(N))",
  parse: (args) => parseRank(args, "zrank"),
  run: (ctx, query) => runRank(ctx, { ...query, isReverse: false }),
});
