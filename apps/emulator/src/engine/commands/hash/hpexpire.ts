import { defineCommand } from "../define.ts";
import { expireFields } from "./_field-expiry.ts";

/**
 * HPEXPIRE key milliseconds [NX | XX | GT | LT] FIELDS numfields field [field ...]: sets each
 * field to expire in `milliseconds`. Per field: -2 no such field, 0 NX/XX/GT/LT not met, 1 set,
 * or 2 deleted (the time is not in the future).
 * @see https://redis.io/commands/hpexpire
 */
export const hpexpire = defineCommand({
  name: "HPEXPIRE",
  group: "hash",
  arity: -6,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "7.4.0",
  summary: "Set expiry for hash field using relative time to expire (milliseconds)",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx) => expireFields(ctx, { name: "hpexpire", unit: "milliseconds", isRelative: true }),
});
