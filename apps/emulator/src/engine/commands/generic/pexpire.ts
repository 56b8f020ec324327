import { parseExpireCommand, runExpireCommand } from "../../key-expiry.ts";
import { defineCommand } from "../define.ts";

/**
 * PEXPIRE key milliseconds [NX | XX | GT | LT]: EXPIRE in milliseconds.
 * @see https://redis.io/commands/pexpire
 */
export const pexpire = defineCommand({
  name: "PEXPIRE",
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
  summary: "Sets the expiration time of a key in milliseconds.",
  complexity: "O(1)",
  parse: parseExpireCommand,
  run: (ctx, options) => runExpireCommand(ctx, options, { unit: "milliseconds", isRelative: true }),
});
