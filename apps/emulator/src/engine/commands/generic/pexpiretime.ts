import { ttlReply } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * PEXPIRETIME key: EXPIRETIME in milliseconds.
 * @see https://redis.io/commands/pexpiretime
 */
export const pexpiretime = defineCommand({
  name: "PEXPIRETIME",
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
  summary: "Returns the expiration time of a key as a Unix milliseconds timestamp.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => ttlReply(ctx, key, { unit: "milliseconds", isAbsolute: true }),
});
