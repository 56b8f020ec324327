import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { deleteIfEmpty, lookupSortedSet } from "./_lookup.ts";

/**
 * ZREM key member [member ...]: removes the members; how many were there.
 * @see https://redis.io/commands/zrem
 */
export const zrem = defineCommand({
  name: "ZREM",
  group: "sorted-set",
  arity: -3,
  flags: ["write", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.2.0",
  summary:
    "Removes one or more members from a sorted set. Deletes the sorted set if all members were removed.",
  complexity:
    "O(M*log(N)) with N being the number of elements in the sorted set and M the number of elements to be removed.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: (ctx, { key, members }) => {
    const set = lookupSortedSet(ctx, key);
    if (set === undefined) {
      return reply.integer(0);
    }
    let removed = 0;
    for (const member of members) {
      if (set.remove(member)) {
        removed++;
      }
    }
    if (removed > 0) {
      ctx.modified(key, "zrem", "z");
      deleteIfEmpty(ctx, key, set);
    }
    return reply.integer(removed);
  },
});
