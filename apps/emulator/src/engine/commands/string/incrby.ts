import { reply } from "../../reply.ts";
import { incrementInteger } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * INCRBY key increment: adds `increment` to the integer at `key` (0 when absent); the new value.
 * @see https://redis.io/commands/incrby
 */
export const incrby = defineCommand({
  name: "INCRBY",
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
  since: "1.0.0",
  summary:
    "Increments the integer value of a key by a number. Uses 0 as initial value if the key doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), increment: args.bigInteger() }),
  run: (ctx, { key, increment }) => {
    const value = incrementInteger(ctx.db.getString(key), increment);
    ctx.db.set(key, String(value), true);
    ctx.modified(key, "incrby", "$");
    return reply.integer(value);
  },
});
