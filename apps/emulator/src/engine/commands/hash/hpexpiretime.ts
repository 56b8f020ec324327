import { defineCommand } from "../define.ts";
import { fieldExpiries } from "./_field-expiry.ts";

/**
 * HPEXPIRETIME key FIELDS numfields field [field ...]: per field the expiry as a Unix time in
 * milliseconds, -1 when it has no expiry, -2 when it does not exist.
 * @see https://redis.io/commands/hpexpiretime
 */
export const hpexpiretime = defineCommand({
  name: "HPEXPIRETIME",
  group: "hash",
  arity: -5,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "7.4.0",
  summary: "Returns the expiration time of a hash field as a Unix timestamp, in msec.",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx) => fieldExpiries(ctx, { unit: "milliseconds", isRelative: false }),
});
