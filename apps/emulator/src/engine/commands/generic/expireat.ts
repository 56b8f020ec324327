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
  since: "1.2.0",
  summary: "Sets the expiration time of a key to a Unix timestamp.",
  complexity: "O(1)",
  parse: parseExpireCommand,
  run: (ctx, options) => runExpireCommand(ctx, options, { unit: "seconds", isRelative: false }),
});
