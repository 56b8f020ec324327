import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { firstSortedSet, multiPopReply, parseMultiPop, popEntries } from "./_pop.ts";

/**
 * ZMPOP numkeys key [key ...] MIN|MAX [COUNT count]: `[key, [[member, score], …]]` with up to
 * `count` members popped from the first non-empty set, or a null array. Logged as ZPOPMIN/ZPOPMAX.
 * @see https://redis.io/commands/zmpop
 */
export const zmpop = defineCommand({
  name: "ZMPOP",
  group: "sorted-set",
  arity: -4,
  resp3: "key-scored",
  flags: ["write"],
  categories: ["sortedset"],
  movableKeys: (argv) => numkeysPositions(argv, 1),
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary:
    "Returns the highest- or lowest-scoring members from one or more sorted sets after removing them. Deletes the sorted set if the last member was popped.",
  complexity:
    "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in the sorted set, and M being the number of elements popped.",
  parse: parseMultiPop,
  run: (ctx, { keys, where, count }) => {
    const found = firstSortedSet(ctx, keys);
    if (found === undefined) {
      return reply.nullArray();
    }
    const entries = popEntries(ctx, found.key, { set: found.set, where, count });
    return multiPopReply(ctx, { key: found.key, entries, where });
  },
});
