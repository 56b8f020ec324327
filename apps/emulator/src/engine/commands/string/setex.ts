import { optionExpireAtMs } from "../../expiry.ts";
import { reply } from "../../reply.ts";
import { type Command, defineCommand } from "../define.ts";

/**
 * SETEX key seconds value: sets `key` to `value` expiring in `seconds`.
 * @see https://redis.io/commands/setex
 */
export const setex = defineSetWithExpiry({
  name: "SETEX",
  unit: "seconds",
  since: "2.0.0",
  summary:
    "Sets the string value and expiration time of a key. Creates the key if it doesn't exist.",
});

/** SETEX and PSETEX: one definition; they differ in the unit of the expiry and in metadata. */
export function defineSetWithExpiry(spec: {
  readonly name: "SETEX" | "PSETEX";
  readonly unit: "seconds" | "milliseconds";
  readonly since: string;
  readonly summary: string;
}): Command {
  const { name, unit } = spec;
  const lowerName = name.toLowerCase();
  return defineCommand({
    name,
    group: "string",
    arity: 4,
    flags: ["write", "denyoom"],
    categories: ["string"],
    keys: { first: 1, last: 1, step: 1 },
    keySpecs: [
      {
        flags: ["OW", "update"],
        beginSearch: { index: 1 },
        findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
      },
    ],
    since: spec.since,
    summary: spec.summary,
    complexity: "O(1)",
    parse: (args) => ({ key: args.key(), amount: args.bigInteger(), value: args.string() }),
    run: (ctx, { key, amount, value }) => {
      const expiresAt = optionExpireAtMs({ amount, unit, isRelative: true }, ctx.now, lowerName);
      ctx.db.set(key, value);
      ctx.db.setExpiresAt(key, expiresAt);
      ctx.modified(key, "set", "$");
      ctx.notify("expire", key, "g");
      ctx.propagate(["SET", key, value, "PXAT", String(expiresAt)]);
      return reply.ok();
    },
  });
}
