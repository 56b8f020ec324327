import { reply } from "../../reply.ts";
import { lookupSets, setLimits, storeSet, unionOf } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SUNIONSTORE destination key [key ...]: stores the union at `destination` (deleted when empty);
 * its size.
 * @see https://redis.io/commands/sunionstore
 */
export const sunionstore = defineCommand({
  name: "SUNIONSTORE",
  group: "set",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["set"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Stores the union of multiple sets in a key.",
  complexity: "O(N) where N is the total number of elements in all given sets.",
  parse: (args) => ({ destination: args.key(), keys: args.rest() }),
  run: (ctx, { destination, keys }) => {
    const result = unionOf(lookupSets(ctx.db, keys), setLimits(ctx.server.config));
    return reply.integer(storeSet(ctx, { key: destination, result, event: "sunionstore" }));
  },
});
