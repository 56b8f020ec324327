import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { findBit, findBitInSingleByte, normalizeRange } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

interface BitposArgs {
  readonly key: string;
  readonly bit: 0 | 1;
  readonly start: number | bigint | undefined;
  readonly end: number | bigint | undefined;
  readonly isBit: boolean;
}

function integer(text: string | undefined): number | bigint {
  const value = parseIntegerArg(text ?? "");
  if (value === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  return value;
}

/** bitposCommand's argument order: bit, start, then the BYTE/BIT token, then end. */
function parseBitpos(key: string, rest: readonly string[]): BitposArgs {
  const bit = integer(rest[0]);
  if (bit !== 0 && bit !== 1) {
    throw new ReplyError(ERR.BIT_ARGUMENT);
  }
  const options = rest.slice(1);
  if (options.length > 3) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const start = options.length > 0 ? integer(options[0]) : undefined;
  const unit = options[2] === undefined ? "BYTE" : asciiUpper(options[2]);
  if (unit !== "BYTE" && unit !== "BIT") {
    throw new ReplyError(ERR.SYNTAX);
  }
  const end = options.length > 1 ? integer(options[1]) : undefined;
  return { key, bit, start, end, isBit: unit === "BIT" };
}

interface Search {
  readonly value: string;
  readonly bit: 0 | 1;
  /** Bits of the first and last byte outside a BIT range; 0 in BYTE mode. */
  readonly firstByteMask: number;
  readonly lastByteMask: number;
}

/**
 * The tail of bitposCommand: the first `bit` in the bytes `start..end`, masking the edge bytes of a
 * BIT range. Returns redisBitpos's position relative to the returned `start`, and how many bytes
 * the last search covered (to tell "not found" for clear bits).
 */
function search(
  search: Search,
  from: number,
  to: number,
): { position: number; start: number; bytes: number } {
  const { value, bit, firstByteMask, lastByteMask } = search;
  // Masked bits never match: cleared when looking for 1, set when looking for 0.
  const mask = (byte: number, bits: number): number => (bit === 1 ? byte & ~bits : byte | bits);
  let start = from;
  let bytes = to - from + 1;
  if (firstByteMask !== 0) {
    let byte = mask(value.charCodeAt(start), firstByteMask);
    if (lastByteMask !== 0 && bytes === 1) {
      byte = mask(byte, lastByteMask);
    }
    const position = findBitInSingleByte(byte, bit);
    if (bytes === 1 || (position !== -1 && position !== 8)) {
      return { position, start, bytes };
    }
    start++;
    bytes--;
  }
  const middle = bytes - (lastByteMask !== 0 ? 1 : 0);
  if (middle > 0) {
    const position = findBit(value, { start, count: middle }, bit);
    if (bytes === middle || (position !== -1 && position !== middle * 8)) {
      return { position, start, bytes };
    }
    start += middle;
    bytes -= middle;
  }
  const position = findBitInSingleByte(mask(value.charCodeAt(to), lastByteMask), bit);
  return { position, start, bytes };
}

/**
 * BITPOS key bit [start [end [BYTE | BIT]]]: the position of the first bit set to `bit`. Without
 * an end, the string counts as followed by zeros, so a clear bit is always found.
 * @see https://redis.io/commands/bitpos
 */
export const bitpos = defineCommand({
  name: "BITPOS",
  group: "bitmap",
  arity: -3,
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
  since: "2.8.7",
  summary: "Finds the first set (1) or clear (0) bit in a string.",
  complexity: "O(N)",
  parse: (args) => parseBitpos(args.key(), args.rest()),
  run: ({ db }, { key, bit, start: startArg, end: endArg, isBit }) => {
    const value = db.getString(key);
    if (value === undefined) {
      // A missing key is an infinite run of zeros.
      return reply.integer(bit === 1 ? -1 : 0);
    }
    let start = 0;
    let end = value.length - 1;
    let firstByteMask = 0;
    let lastByteMask = 0;
    if (startArg !== undefined) {
      const length = isBit ? value.length * 8 : value.length;
      // Without an end, BIT mode's default end is past the string and is clamped back to it.
      const range = normalizeRange(startArg, endArg ?? length - 1, length);
      start = range.start;
      end = range.end;
      if (isBit && start <= end) {
        firstByteMask = ~((1 << (8 - (start % 8))) - 1) & 0xff;
        lastByteMask = (1 << (7 - (end % 8))) - 1;
        start = Math.floor(start / 8);
        end = Math.floor(end / 8);
      }
    }
    // An empty range holds neither a 0 nor a 1.
    if (start > end) {
      return reply.integer(-1);
    }
    const found = search({ value, bit, firstByteMask, lastByteMask }, start, end);
    // With an explicit end the zero padding does not count: no clear bit in range is -1.
    if (endArg !== undefined && bit === 0 && found.position === found.bytes * 8) {
      return reply.integer(-1);
    }
    return reply.integer(found.position === -1 ? -1 : found.position + found.start * 8);
  },
});
