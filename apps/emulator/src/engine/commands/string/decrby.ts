import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { incrementInteger } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

const INT64_MIN = -(2n ** 63n);

/**
 * DECRBY key decrement: subtracts `decrement` from the integer at `key` (0 when absent); the new
 * value.
 * @see https://redis.io/commands/decrby
 */
export const decrby = defineCommand({
  name: "DECRBY",
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
    "Decrements a number from the integer value of a key. Uses 0 as initial value if the key doesn't exist.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const decrement = args.bigInteger();
    // Negating INT64_MIN overflows before any value is read (decrbyCommand).
    if (decrement === INT64_MIN) {
      throw new ReplyError(ERR.DECREMENT_OVERFLOW);
    }
    return { key, decrement };
  },
  run: (ctx, { key, decrement }) => {
    const value = incrementInteger(ctx.db.getString(key), -decrement);
    ctx.db.set(key, String(value), true);
    ctx.modified(key, "incrby", "$");
    return reply.integer(value);
  },
});
