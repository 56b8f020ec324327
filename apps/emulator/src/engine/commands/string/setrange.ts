import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { checkStringLength, padWithZeros } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * SETRANGE key offset value: overwrites the string at `key` from `offset` (zero-padding it, or
 * creating it); the new length.
 * @see https://redis.io/commands/setrange
 */
export const setrange = defineCommand({
  name: "SETRANGE",
  group: "string",
  arity: 4,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary:
    "Overwrites a part of a string value with another by an offset. Creates the key if it doesn't exist.",
  complexity:
    "O(1), not counting the time taken to copy the new string in place. Usually, this string is very small so the amortized complexity is O(1). Otherwise, complexity is O(M) with M being the length of the value argument.",
  parse: (args) => {
    const key = args.key();
    const offset = args.bigInteger();
    if (offset < 0) {
      throw new ReplyError(ERR.OFFSET_OUT_OF_RANGE);
    }
    return { key, offset, value: args.string() };
  },
  run: (ctx, { key, offset, value }) => {
    const current = ctx.db.getString(key);
    // Writing nothing changes nothing, whatever the offset: 0 for a missing key, else its length.
    if (value.length === 0) {
      return reply.integer(current?.length ?? 0);
    }
    // An offset beyond 2^53 is a bigint, and far beyond any allowed size.
    if (typeof offset === "bigint") {
      throw new ReplyError(ERR.STRING_TOO_LONG);
    }
    checkStringLength(offset + value.length, ctx.server.config);
    const padded = padWithZeros(current ?? "", offset);
    const result = padded.slice(0, offset) + value + padded.slice(offset + value.length);
    // Overwritten in place: the TTL stays.
    ctx.db.set(key, result, true);
    ctx.modified(key, "setrange", "$");
    return reply.integer(result.length);
  },
});
