import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet } from "./_lookup.ts";

/**
 * ZCARD key: the number of members, 0 when absent.
 * @see https://redis.io/commands/zcard
 */
export const zcard = defineCommand({
  name: "ZCARD",
  group: "sorted-set",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "1.2.0",
  summary: "Returns the number of members in a sorted set.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.integer(lookupSortedSet(ctx, key)?.size ?? 0),
});
