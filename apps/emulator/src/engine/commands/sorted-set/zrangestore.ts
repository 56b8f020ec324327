import { SortedSet } from "../../values/sorted-set.ts";
import { defineCommand } from "../define.ts";
import { limitsOf, lookupSortedSet, storeResult } from "./_lookup.ts";
import { parseRange, selectRange } from "./_range.ts";

/**
 * ZRANGESTORE dst src min max [BYSCORE | BYLEX] [REV] [LIMIT offset count]: stores ZRANGE's
 * selection in `dst` (replacing it; an empty selection deletes it); the number stored.
 * @see https://redis.io/commands/zrangestore
 */
export const zrangestore = defineCommand({
  name: "ZRANGESTORE",
  group: "sorted-set",
  arity: -5,
  flags: ["write", "denyoom"],
  categories: ["sortedset"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Stores a range of members from sorted set in a key.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements stored into the destination key.",
  parse: (args) => {
    const destination = args.key();
    return { destination, query: parseRange(args, { isStore: true }) };
  },
  run: (ctx, { destination, query }) => {
    const source = lookupSortedSet(ctx, query.key);
    const entries = source === undefined ? [] : selectRange(source, query);
    const limits = limitsOf(ctx);
    // zsetTypeCreate with the known length for index ranges, 0 (a listpack to start) otherwise.
    const result = SortedSet.create(limits, {
      size: query.type === "rank" ? entries.length : 0,
      memberLength: 0,
    });
    for (const [member, score] of entries) {
      result.add(member, score, { flags: {}, limits });
    }
    return storeResult(ctx, { destination, result, event: "zrangestore" });
  },
});
