import { parseExpireCommand, runExpireCommand } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * EXPIREAT key unix-time-seconds [NX | XX | GT | LT]: EXPIRE with an absolute Unix time.
 * @see https://redis.io/commands/expireat
 */
export const expireat = defineCommand({
  name: "EXPIREAT",
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
  since: "1.2.0",
  summary: "Sets the expiration time of a key to a Unix timestamp.",
  complexity: "O(1)",
  parse: parseExpireCommand,
  run: (ctx, options) => runExpireCommand(ctx, options, { unit: "seconds", isRelative: false }),
});
