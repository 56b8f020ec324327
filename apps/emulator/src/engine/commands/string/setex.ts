import { optionExpireAtMs } from "../../expiry.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SETEX key seconds value: sets `key` to `value` expiring in `seconds`.
 * @see https://redis.io/commands/setex
 */
export const setex = defineCommand({
  name: "SETEX",
  group: "string",
  arity: 4,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.0.0",
  summary:
    "Sets the string value and expiration time of a key. Creates the key if it doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), seconds: args.bigInteger(), value: args.string() }),
  run: (ctx, { key, seconds, value }) => {
    const expiresAt = optionExpireAtMs(
      { amount: seconds, unit: "seconds", isRelative: true },
      ctx.now,
      "setex",
    );
    ctx.db.set(key, value);
    ctx.db.setExpiresAt(key, expiresAt);
    ctx.modified(key, "set", "$");
    ctx.notify("expire", key, "g");
    ctx.propagate(["SET", key, value, "PXAT", String(expiresAt)]);
    return reply.ok();
  },
});
