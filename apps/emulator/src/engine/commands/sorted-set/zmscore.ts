import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet, scoreReply } from "./_lookup.ts";

/**
 * ZMSCORE key member [member ...]: each member's score or nil (all nil when the key is absent).
 * @see https://redis.io/commands/zmscore
 */
export const zmscore = defineCommand({
  name: "ZMSCORE",
  group: "sorted-set",
  arity: -3,
  resp3: "doubles",
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
  since: "6.2.0",
  summary: "Returns the score of one or more members in a sorted set.",
  complexity: "O(N) where N is the number of members being requested.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: (ctx, { key, members }) => {
    const set = lookupSortedSet(ctx, key);
    return reply.array(
      members.map((member) => {
        const score = set?.score(member);
        return score === undefined ? reply.null() : scoreReply(score);
      }),
    );
  },
});
