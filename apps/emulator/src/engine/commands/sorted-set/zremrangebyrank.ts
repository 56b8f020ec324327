import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { deleteIfEmpty, lookupSortedSet } from "./_lookup.ts";
import { clampRanks } from "./_range.ts";

/**
 * ZREMRANGEBYRANK key start stop: removes the members ranked `start` to `stop` (negative counts
 * from the highest); how many.
 * @see https://redis.io/commands/zremrangebyrank
 */
export const zremrangebyrank = defineCommand({
  name: "ZREMRANGEBYRANK",
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
  since: "2.0.0",
  summary:
    "Removes members in a sorted set within a range of indexes. Deletes the sorted set if all members were removed.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements removed by the operation.",
  parse: (args) => ({
    key: args.key(),
    start: Number(args.bigInteger()),
    stop: Number(args.bigInteger()),
  }),
  run: (ctx, { key, start, stop }) => {
    const set = lookupSortedSet(ctx, key);
    const ranks = set === undefined ? undefined : clampRanks({ start, stop }, set.size);
    if (set === undefined || ranks === undefined) {
      return reply.integer(0);
    }
    const removed = set.removeRankInterval(ranks);
    ctx.modified(key, "zremrangebyrank", "z");
    deleteIfEmpty(ctx, key, set);
    return reply.integer(removed);
  },
});
