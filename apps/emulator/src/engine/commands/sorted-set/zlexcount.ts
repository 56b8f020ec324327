import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { parseLexRange } from "../../values/sorted-set.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet } from "./_lookup.ts";

/**
 * ZLEXCOUNT key min max: how many members lie in the lexicographical range (`[a`, `(a`, `-`, `+`);
 * meant for sets whose scores are all equal.
 * @see https://redis.io/commands/zlexcount
 */
export const zlexcount = defineCommand({
  name: "ZLEXCOUNT",
  group: "sorted-set",
  arity: 4,
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
  since: "2.8.9",
  summary: "Returns the number of members in a sorted set within a lexicographical range.",
  complexity: "O(log(N)) with N being the number of elements in the sorted set.",
  parse: (args) => {
    const key = args.key();
    const range = parseLexRange(args.string(), args.string());
    if (range === undefined) {
      throw new ReplyError(ERR.MIN_MAX_NOT_LEX);
    }
    return { key, range };
  },
  run: (ctx, { key, range }) => {
    const interval = lookupSortedSet(ctx, key)?.lexRankInterval(range);
    return reply.integer(interval === undefined ? 0 : interval.end - interval.start + 1);
  },
});
