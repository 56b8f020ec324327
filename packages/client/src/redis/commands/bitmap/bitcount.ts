import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * BITCOUNT key [start end [BYTE | BIT]]: count set bits.
 * @see https://redis.io/commands/bitcount
 */
export const bitcount = defineClientCommand<
  (
    key: RedisKey,
    range?: { readonly start: number; readonly end: number; readonly unit?: "BYTE" | "BIT" },
  ) => number
>({
  name: "BITCOUNT",
  encode: (key, range) =>
    range === undefined
      ? [key]
      : [key, range.start, range.end, ...(range.unit === undefined ? [] : [range.unit])],
  decode: asInteger,
});
