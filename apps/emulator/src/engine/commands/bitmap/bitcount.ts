import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { countBits, countByteBits, normalizeRange } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

interface BitcountRange {
  readonly start: number | bigint;
  readonly end: number | bigint;
  readonly isBit: boolean;
}

function parseRange(options: readonly string[]): BitcountRange | undefined {
  if (options.length === 0) {
    return undefined;
  }
  // One option, or more than three, is a syntax error before the key is looked up.
  if (options.length === 1 || options.length > 3) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const start = parseIntegerArg(options[0] ?? "");
  const end = parseIntegerArg(options[1] ?? "");
  if (start === undefined || end === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  const unit = options[2] === undefined ? "BYTE" : asciiUpper(options[2]);
  if (unit !== "BYTE" && unit !== "BIT") {
    throw new ReplyError(ERR.SYNTAX);
  }
  return { start, end, isBit: unit === "BIT" };
}

/**
 * BITCOUNT key [start end [BYTE | BIT]]: the set bits of the string at `key`, optionally within a
 * byte or bit range (negative indexes count from the end).
 * @see https://redis.io/commands/bitcount
 */
export const bitcount = defineCommand({
  name: "BITCOUNT",
  group: "bitmap",
  arity: -2,
  flags: ["readonly"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Counts the number of set bits (population counting) in a string.",
  complexity: "O(N)",
  parse: (args) => ({ key: args.key(), range: parseRange(args.rest()) }),
  run: ({ db }, { key, range }) => {
    const value = db.getString(key);
    if (value === undefined) {
      return reply.integer(0);
    }
    if (range === undefined) {
      return reply.integer(countBits(value, 0, value.length - 1));
    }
    if (range.start < 0 && range.end < 0 && range.start > range.end) {
      return reply.integer(0);
    }
    const length = range.isBit ? value.length * 8 : value.length;
    let { start, end } = normalizeRange(range.start, range.end, length);
    if (start > end) {
      return reply.integer(0);
    }
    // In BIT mode, count whole bytes, then take off the bits of the edge bytes outside the range.
    let outside = 0;
    if (range.isBit) {
      const firstByteMask = ~((1 << (8 - (start % 8))) - 1) & 0xff;
      const lastByteMask = (1 << (7 - (end % 8))) - 1;
      start = Math.floor(start / 8);
      end = Math.floor(end / 8);
      outside =
        countByteBits(value.charCodeAt(start) & firstByteMask) +
        countByteBits(value.charCodeAt(end) & lastByteMask);
    }
    return reply.integer(countBits(value, start, end) - outside);
  },
});
