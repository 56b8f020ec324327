import { reply } from "../../reply.ts";
import { incrementFloat } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * INCRBYFLOAT key increment: adds `increment` to the number at `key` (0 when absent) in Redis's
 * `long double` arithmetic; the new value as stored (`%.17Lf` without trailing zeros).
 * @see https://redis.io/commands/incrbyfloat
 */
export const incrbyfloat = defineCommand({
  name: "INCRBYFLOAT",
  group: "string",
  arity: 3,
  flags: ["write", "denyoom", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary:
    "Increment the floating point value of a key by a number. Uses 0 as initial value if the key doesn't exist.",
  complexity: "O(1)",
  // The increment is parsed after the key's type is checked, as Redis does.
  parse: (args) => ({ key: args.key(), increment: args.string() }),
  run: (ctx, { key, increment }) => {
    const value = incrementFloat(ctx.db.getString(key), increment);
    ctx.db.set(key, value, true);
    ctx.modified(key, "incrbyfloat", "$");
    // The exact result is logged, so replay never depends on float formatting (Redis does too).
    ctx.propagate(["SET", key, value, "KEEPTTL"]);
    return reply.bulk(value);
  },
});
