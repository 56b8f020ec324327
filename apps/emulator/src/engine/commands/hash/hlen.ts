import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HLEN key: the number of fields (expired fields are removed first, so they never count).
 * @see https://redis.io/commands/hlen
 */
export const hlen = defineCommand({
  name: "HLEN",
  group: "hash",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.0.0",
  summary: "Returns the number of fields in a hash.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.integer(lookupHash(ctx, key)?.size ?? 0),
});
