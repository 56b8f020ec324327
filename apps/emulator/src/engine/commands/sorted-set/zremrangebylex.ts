import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { parseLexRange } from "../../values/sorted-set.ts";
import { defineCommand } from "../define.ts";
import { deleteIfEmpty, lookupSortedSet } from "./_lookup.ts";

/**
 * ZREMRANGEBYLEX key min max: removes the members in the lexicographical range; how many.
 * @see https://redis.io/commands/zremrangebylex
 */
export const zremrangebylex = defineCommand({
  name: "ZREMRANGEBYLEX",
  group: "sorted-set",
  arity: 4,
  flags: ["write"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary:
    "Removes members in a sorted set within a lexicographical range. Deletes the sorted set if all members were removed.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements removed by the operation.",
  parse: (args) => {
    const key = args.key();
    const range = parseLexRange(args.string(), args.string());
    if (range === undefined) {
      throw new ReplyError(ERR.MIN_MAX_NOT_LEX);
    }
    return { key, range };
  },
  run: (ctx, { key, range }) => {
    const set = lookupSortedSet(ctx, key);
    const interval = set?.lexRankInterval(range);
    if (set === undefined || interval === undefined) {
      return reply.integer(0);
    }
    const removed = set.removeRankInterval(interval);
    ctx.modified(key, "zremrangebylex", "z");
    deleteIfEmpty(ctx, key, set);
    return reply.integer(removed);
  },
});
