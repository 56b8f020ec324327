import { reply } from "../../reply.ts";
import { differenceOf, lookupSets, setLimits } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SDIFF key [key ...]: the members of the first set that are in none of the others.
 * @see https://redis.io/commands/sdiff
 */
export const sdiff = defineCommand({
  name: "SDIFF",
  group: "set",
  arity: -2,
  resp3: "set",
  flags: ["readonly"],
  categories: ["set"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns the difference of multiple sets.",
  complexity: "O(N) where N is the total number of elements in all given sets.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) =>
    reply.bulks(differenceOf(lookupSets(ctx.db, keys), setLimits(ctx.server.config)).members),
});
