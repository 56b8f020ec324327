import { defineCommand } from "../define.ts";
import { fieldExpiries } from "./_field-expiry.ts";

/**
 * HPTTL key FIELDS numfields field [field ...]: per field the time to live in milliseconds, -1
 * when it has no expiry, -2 when it does not exist.
 * @see https://redis.io/commands/hpttl
 */
export const hpttl = defineCommand({
  name: "HPTTL",
  group: "hash",
  arity: -5,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "7.4.0",
  summary: "Returns the TTL in milliseconds of a hash field.",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx) => fieldExpiries(ctx, { unit: "milliseconds", isRelative: true }),
});
