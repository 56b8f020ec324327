import { reply } from "../../reply.ts";
import { differenceOf, lookupSets, setLimits, storeSet } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SDIFFSTORE destination key [key ...]: stores the difference at `destination` (deleted when
 * empty); its size.
 * @see https://redis.io/commands/sdiffstore
 */
export const sdiffstore = defineCommand({
  name: "SDIFFSTORE",
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
  summary: "Stores the difference of multiple sets in a key.",
  complexity: "O(N) where N is the total number of elements in all given sets.",
  parse: (args) => ({ destination: args.key(), keys: args.rest() }),
  run: (ctx, { destination, keys }) => {
    const result = differenceOf(lookupSets(ctx.db, keys), setLimits(ctx.server.config));
    return reply.integer(storeSet(ctx, { key: destination, result, event: "sdiffstore" }));
  },
});
