import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SMEMBERS key: every member, in the encoding's order (ascending numbers for an intset).
 * @see https://redis.io/commands/smembers
 */
export const smembers = defineCommand({
  name: "SMEMBERS",
  group: "set",
  arity: 2,
  resp3: "set",
  flags: ["readonly"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns all members of a set.",
  complexity: "O(N) where N is the set cardinality.",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.bulks(ctx.db.getContainer(key, "set")?.members ?? []),
});
