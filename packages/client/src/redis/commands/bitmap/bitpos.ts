import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * BITPOS key bit [start [end [BYTE | BIT]]]: the first bit set to `bit`.
 * @see https://redis.io/commands/bitpos
 */
export const bitpos = defineClientCommand<
  (
    key: RedisKey,
    bit: 0 | 1,
    range?: { readonly start: number; readonly end?: number; readonly unit?: "BYTE" | "BIT" },
  ) => number
>({
  name: "BITPOS",
  encode: (key, bit, range) => [
    key,
    bit,
    ...(range === undefined
      ? []
      : [
          range.start,
          ...(range.end === undefined
            ? []
            : [range.end, ...(range.unit === undefined ? [] : [range.unit])]),
        ]),
  ],
  decode: asInteger,
});
