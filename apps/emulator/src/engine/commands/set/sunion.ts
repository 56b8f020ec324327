import { reply } from "../../reply.ts";
import { lookupSets, setLimits, unionOf } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SUNION key [key ...]: the members of all the sets (missing keys are empty sets).
 * @see https://redis.io/commands/sunion
 */
export const sunion = defineCommand({
  name: "SUNION",
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
  summary: "Returns the union of multiple sets.",
  complexity: "O(N) where N is the total number of elements in all given sets.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) =>
    reply.bulks(unionOf(lookupSets(ctx.db, keys), setLimits(ctx.server.config)).members),
});
