import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HVALS key: every value, in the hash's order.
 * @see https://redis.io/commands/hvals
 */
export const hvals = defineCommand({
  name: "HVALS",
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
  summary: "Returns all values in a hash.",
  complexity: "O(N) where N is the size of the hash.",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const values: string[] = [];
    for (const [, value] of lookupHash(ctx, key)?.entries() ?? []) {
      values.push(value);
    }
    return reply.bulks(values);
  },
});
