import { optionExpireAtMs } from "../../expiry.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PSETEX key milliseconds value: sets `key` to `value` expiring in `milliseconds`.
 * @see https://redis.io/commands/psetex
 */
export const psetex = defineCommand({
  name: "PSETEX",
  group: "string",
  arity: 4,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.6.0",
  summary:
    "Sets both string value and expiration time in milliseconds of a key. The key is created if it doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), milliseconds: args.bigInteger(), value: args.string() }),
  run: (ctx, { key, milliseconds, value }) => {
    const expiresAt = optionExpireAtMs(
      { amount: milliseconds, unit: "milliseconds", isRelative: true },
      ctx.now,
      "psetex",
    );
    ctx.db.set(key, value);
    ctx.db.setExpiresAt(key, expiresAt);
    ctx.modified(key, "set", "$");
    ctx.notify("expire", key, "g");
    ctx.propagate(["SET", key, value, "PXAT", String(expiresAt)]);
    return reply.ok();
  },
});
