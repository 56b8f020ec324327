import { reply } from "../../reply.ts";
import { parseTimeout } from "../blocking-timeout.ts";
import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { firstSortedSet, multiPopReply, parseMultiPop, popEntries } from "./_pop.ts";

/**
 * BZMPOP timeout numkeys key [key ...] MIN|MAX [COUNT count]: ZMPOP, or blocks until one of the
 * sets gets a member or `timeout` seconds pass (0: forever), then a null array.
 * @see https://redis.io/commands/bzmpop
 */
export const bzmpop = defineCommand({
  name: "BZMPOP",
  group: "sorted-set",
  arity: -5,
  resp3: "key-scored",
  flags: ["write", "blocking"],
  categories: ["sortedset"],
  movableKeys: (argv) => numkeysPositions(argv, 2),
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 2 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary:
    "Removes and returns a member by score from one or more sorted sets. Blocks until a member is available otherwise. Deletes the sorted set if the last element was popped.",
  complexity:
    "O(K) + O(M*log(N)) where K is the number of provided keys, N being the number of elements in the sorted set, and M being the number of elements popped.",
  // Redis reads the timeout after the other arguments, so their errors come first.
  parse: (args) => {
    const timeout = args.string();
    return { timeout, ...parseMultiPop(args) };
  },
  run: (ctx, { timeout, keys, where, count }) => {
    const timeoutMs = parseTimeout(timeout, ctx.now);
    const found = firstSortedSet(ctx, keys);
    if (found === undefined) {
      return ctx.block({ keys, timeoutMs, timeoutReply: reply.nullArray() });
    }
    const entries = popEntries(ctx, found.key, { set: found.set, where, count });
    return multiPopReply(ctx, { key: found.key, entries, where });
  },
});
