import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import {
  checkEngineStringLength,
  getBit,
  maxBulkLength,
  padWithZeros,
  parseBitOffset,
  replaceByte,
} from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * SETBIT key offset value: sets or clears the bit at `offset` (growing the string with zero bytes,
 * or creating it); the bit's previous value.
 * @see https://redis.io/commands/setbit
 */
export const setbit = defineCommand({
  name: "SETBIT",
  group: "bitmap",
  arity: 4,
  flags: ["write", "denyoom"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary:
    "Sets or clears the bit at offset of the string value. Creates the key if it doesn't exist.",
  complexity: "O(1)",
  // The offset's limit is proto-max-bulk-len, a setting, so both arguments are checked in `run`.
  parse: (args) => ({ key: args.key(), offset: args.string(), bit: args.string() }),
  run: (ctx, { key, offset: offsetText, bit: bitText }) => {
    const offset = parseBitOffset(offsetText, maxBulkLength(ctx.server.config));
    const bit = parseIntegerArg(bitText);
    if (bit !== 0 && bit !== 1) {
      throw new ReplyError(ERR.BIT_VALUE);
    }
    const current = ctx.db.getString(key);
    const byte = Math.floor(offset / 8);
    const previous = current === undefined ? 0 : getBit(current, offset);
    const grows = current === undefined || current.length <= byte;
    // Redis only signals a change when the string grew or the bit flipped.
    if (grows || previous !== bit) {
      checkEngineStringLength(byte + 1);
      const value = padWithZeros(current ?? "", byte + 1);
      const mask = 1 << (7 - (offset % 8));
      const updated = bit === 1 ? value.charCodeAt(byte) | mask : value.charCodeAt(byte) & ~mask;
      // Modified in place: the TTL stays.
      ctx.db.set(key, replaceByte(value, byte, updated), true);
      ctx.modified(key, "setbit", "$");
    }
    return reply.integer(previous);
  },
});
