import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HSTRLEN key field: the length in bytes of the value of `field`, 0 when absent.
 * @see https://redis.io/commands/hstrlen
 */
export const hstrlen = defineCommand({
  name: "HSTRLEN",
  group: "hash",
  arity: 3,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "3.2.0",
  summary: "Returns the length of the value of a field.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), field: args.string() }),
  run: (ctx, { key, field }) => reply.integer(lookupHash(ctx, key)?.get(field)?.length ?? 0),
});
