import { parseExpireCommand, runExpireCommand } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * EXPIRE key seconds [NX | XX | GT | LT]: sets a TTL in seconds; 1 when set (or the key deleted
 * because the time has passed), 0 when the key is missing or a condition fails.
 * @see https://redis.io/commands/expire
 */
export const expire = defineCommand({
  name: "EXPIRE",
  group: "generic",
  arity: -3,
  flags: ["write", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Sets the expiration time of a key in seconds.",
  complexity: "O(1)",
  parse: parseExpireCommand,
  run: (ctx, options) => runExpireCommand(ctx, options, { unit: "seconds", isRelative: true }),
});
