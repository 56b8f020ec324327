import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HKEYS key: every field, in the hash's order.
 * @see https://redis.io/commands/hkeys
 */
export const hkeys = defineCommand({
  name: "HKEYS",
  group: "hash",
  arity: 2,
  flags: ["readonly"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Returns all fields in a hash.",
  complexity: "O(N) where N is the size of the hash.",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const fields: string[] = [];
    for (const [field] of lookupHash(ctx, key)?.entries() ?? []) {
      fields.push(field);
    }
    return reply.bulks(fields);
  },
});
