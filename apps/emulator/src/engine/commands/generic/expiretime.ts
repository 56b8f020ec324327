import { ttlReply } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * EXPIRETIME key: the absolute expiry as a Unix time in seconds, -1 without a TTL, -2 without
 * the key.
 * @see https://redis.io/commands/expiretime
 */
export const expiretime = defineCommand({
  name: "EXPIRETIME",
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
  since: "7.0.0",
  summary: "Returns the expiration time of a key as a Unix timestamp.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => ttlReply(ctx, key, { unit: "seconds", isAbsolute: true }),
});
