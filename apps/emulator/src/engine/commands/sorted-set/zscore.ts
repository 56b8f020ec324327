import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet, scoreReply } from "./_lookup.ts";

/**
 * ZSCORE key member: the member's score, or nil.
 * @see https://redis.io/commands/zscore
 */
export const zscore = defineCommand({
  name: "ZSCORE",
  group: "sorted-set",
  arity: 3,
  resp3: "double",
  flags: ["readonly", "fast"],
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
  summary: "Returns the score of a member in a sorted set.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), member: args.string() }),
  run: (ctx, { key, member }) => {
    const score = lookupSortedSet(ctx, key)?.score(member);
    return score === undefined ? reply.null() : scoreReply(score);
  },
});
