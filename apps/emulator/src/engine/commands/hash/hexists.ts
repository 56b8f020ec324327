import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HEXISTS key field: 1 if the hash has `field`, else 0.
 * @see https://redis.io/commands/hexists
 */
export const hexists = defineCommand({
  name: "HEXISTS",
  group: "hash",
  arity: 3,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.0.0",
  summary: "Determines whether a field exists in a hash.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), field: args.string() }),
  run: (ctx, { key, field }) => reply.integer(lookupHash(ctx, key)?.has(field) === true ? 1 : 0),
});
