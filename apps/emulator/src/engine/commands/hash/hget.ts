import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HGET key field: the value of `field`, or nil.
 * @see https://redis.io/commands/hget
 */
export const hget = defineCommand({
  name: "HGET",
  group: "hash",
  arity: 3,
  flags: ["readonly", "fast"],
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
  summary: "Returns the value of a field in a hash.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), field: args.string() }),
  run: (ctx, { key, field }) => reply.bulkOrNull(lookupHash(ctx, key)?.get(field)),
});
