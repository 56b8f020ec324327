import { ttlReply } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * PTTL key: TTL in milliseconds.
 * @see https://redis.io/commands/pttl
 */
export const pttl = defineCommand({
  name: "PTTL",
  group: "generic",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Returns the expiration time in milliseconds of a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => ttlReply(ctx, key, { unit: "milliseconds", isAbsolute: false }),
});
