import { ttlReply } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * TTL key: the remaining time to live in seconds (rounded), -1 without a TTL, -2 without the key.
 * @see https://redis.io/commands/ttl
 */
export const ttl = defineCommand({
  name: "TTL",
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
  since: "1.0.0",
  summary: "Returns the expiration time in seconds of a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => ttlReply(ctx, key, { unit: "seconds", isAbsolute: false }),
});
