import type { RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * BITFIELD_RO key GET encoding offset [GET ...]: read integers in a bitmap.
 * @see https://redis.io/commands/bitfield_ro
 */
export const bitfieldRo = defineClientCommand<
  (
    key: RedisKey,
    ...reads: [
      { readonly encoding: string; readonly offset: number | string },
      ...{ readonly encoding: string; readonly offset: number | string }[],
    ]
  ) => number[]
>({
  name: "BITFIELD_RO",
  encode: (key, ...reads) => [
    key,
    ...reads.flatMap(({ encoding, offset }) => ["GET", encoding, offset]),
  ],
  decode: asIntegerArray,
});
