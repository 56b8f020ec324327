import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * HINCRBY key field increment: adds `increment` to the integer in `field` (0 when absent) and
 * returns the result; the field keeps its TTL.
 * @see https://redis.io/commands/hincrby
 */
export const hincrby = defineCommand({
  name: "HINCRBY",
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
  since: "2.0.0",
  summary:
    "Increments the integer value of a field in a hash by a number. Uses 0 as initial value if the field doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), field: args.string(), increment: args.bigInteger() }),
  run: (ctx, { key, field, increment }) => {
    const hash = lookupOrCreateHash(ctx, key);
    const current = hash.get(field);
    let value = 0n;
    if (current !== undefined) {
      const parsed = parseIntegerArg(current);
      if (parsed === undefined) {
        throw new ReplyError(ERR.HASH_VALUE_NOT_INTEGER);
      }
      value = BigInt(parsed);
    }
    const result = value + BigInt(increment);
    if (result < INT64_MIN || result > INT64_MAX) {
      throw new ReplyError(ERR.INCR_OVERFLOW);
    }
    hash.setKeepingTtl(field, String(result), hashLimits(ctx.server.config));
    ctx.modified(key, "hincrby", "h");
    ctx.propagate(ctx.argv);
    const asNumber = Number(result);
    return reply.integer(Number.isSafeInteger(asNumber) ? asNumber : result);
  },
});
