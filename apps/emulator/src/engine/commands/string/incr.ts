import { reply } from "../../reply.ts";
import { incrementInteger } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * INCR key: increments the integer at `key` (0 when absent) by one; the new value.
 * @see https://redis.io/commands/incr
 */
export const incr = defineCommand({
  name: "INCR",
  group: "string",
  arity: 2,
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
  since: "1.0.0",
  summary:
    "Increments the integer value of a key by one. Uses 0 as initial value if the key doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const value = incrementInteger(ctx.db.getString(key), 1);
    // The value changes in place: the TTL stays.
    ctx.db.set(key, String(value), true);
    ctx.modified(key, "incrby", "$");
    return reply.integer(value);
  },
});
