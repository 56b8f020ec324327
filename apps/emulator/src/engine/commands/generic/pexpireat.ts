import { parseExpireCommand, runExpireCommand } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * PEXPIREAT key unix-time-milliseconds [NX | XX | GT | LT]: EXPIREAT in milliseconds.
 * @see https://redis.io/commands/pexpireat
 */
export const pexpireat = defineCommand({
  name: "PEXPIREAT",
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
  since: "2.6.0",
  summary: "Sets the expiration time of a key to a Unix milliseconds timestamp.",
  complexity: "O(1)",
  parse: parseExpireCommand,
  run: (ctx, options) =>
    runExpireCommand(ctx, options, { unit: "milliseconds", isRelative: false }),
});
