import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HPEXPIRE key milliseconds FIELDS numfields field [...]: set a TTL in ms on fields; one code per field.
 * @see https://redis.io/commands/hpexpire
 */
export const hpexpire = defineClientCommand<
  (
    key: RedisKey,
    milliseconds: number,
    fields: readonly [RedisArgument, ...RedisArgument[]],
  ) => number[]
>({
  name: "HPEXPIRE",
  encode: (key, milliseconds, fields) => [key, milliseconds, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
