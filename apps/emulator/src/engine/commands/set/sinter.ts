import { reply } from "../../reply.ts";
import { intersectionOf, lookupSets } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SINTER key [key ...]: the members common to all the sets, in the smallest set's order.
 * @see https://redis.io/commands/sinter
 */
export const sinter = defineCommand({
  name: "SINTER",
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
  summary: "Returns the intersect of multiple sets.",
  complexity:
    "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => reply.bulks(intersectionOf(lookupSets(ctx.db, keys))),
});
