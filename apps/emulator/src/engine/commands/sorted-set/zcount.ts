import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { parseScoreRange } from "../../values/sorted-set.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet } from "./_lookup.ts";

/**
 * ZCOUNT key min max: how many members have a score in [min, max] (`(` excludes an end, `-inf` and
 * `+inf` are unbounded).
 * @see https://redis.io/commands/zcount
 */
export const zcount = defineCommand({
  name: "ZCOUNT",
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
  since: "2.0.0",
  summary: "Returns the count of members in a sorted set that have scores within a range.",
  complexity: "O(log(N)) with N being the number of elements in the sorted set.",
  parse: (args) => {
    const key = args.key();
    const range = parseScoreRange(args.string(), args.string());
    if (range === undefined) {
      throw new ReplyError(ERR.MIN_MAX_NOT_FLOAT);
    }
    return { key, range };
  },
  run: (ctx, { key, range }) => {
    const interval = lookupSortedSet(ctx, key)?.scoreRankInterval(range);
    return reply.integer(interval === undefined ? 0 : interval.end - interval.start + 1);
  },
});
