import { ERR, ReplyError } from "../../errors.ts";
import { addLongDouble, formatLongDouble, LD_ZERO, parseLongDouble } from "../../long-double.ts";
import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HINCRBYFLOAT key field increment: adds a floating point `increment` to `field` (0 when absent)
 * and returns the result; the field keeps its TTL. The sum is a C `long double` printed with
 * `%.17Lf` (`long-double.ts`, shared with INCRBYFLOAT).
 * @see https://redis.io/commands/hincrbyfloat
 */
export const hincrbyfloat = defineCommand({
  name: "HINCRBYFLOAT",
  group: "hash",
  arity: 4,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
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
    "Increments the floating point value of a field by a number. Uses 0 as initial value if the field doesn't exist.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const field = args.string();
    const increment = parseLongDouble(args.string());
    if (increment === undefined) {
      throw new ReplyError(ERR.NOT_FLOAT);
    }
    if (!increment.finite) {
      throw new ReplyError(ERR.NAN_OR_INFINITY);
    }
    return { key, field, increment };
  },
  run: (ctx, { key, field, increment }) => {
    const hash = lookupOrCreateHash(ctx, key);
    const current = hash.get(field);
    const value = current === undefined ? LD_ZERO : parseLongDouble(current);
    if (value === undefined) {
      throw new ReplyError(ERR.HASH_VALUE_NOT_FLOAT);
    }
    // An infinite stored value, or a sum past the largest long double.
    const sum = addLongDouble(value, increment);
    if (sum === undefined) {
      throw new ReplyError(ERR.INCR_NAN_OR_INFINITY);
    }
    const text = formatLongDouble(sum);
    hash.setKeepingTtl(field, text, hashLimits(ctx.server.config));
    ctx.modified(key, "hincrbyfloat", "h");
    // Logged as the resulting value, as Redis propagates it, so replay cannot round differently.
    ctx.propagate(["HSETEX", key, "KEEPTTL", "FIELDS", "1", field, text]);
    return reply.bulk(text);
  },
});
