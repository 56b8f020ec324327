import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HEXPIRE key seconds [NX | XX | GT | LT] FIELDS numfields field [...]: set a TTL on fields; one code per field.
 * @see https://redis.io/commands/hexpire
 */
export const hexpire = defineClientCommand<
  (key: RedisKey, seconds: number, fields: readonly [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HEXPIRE",
  encode: (key, seconds, fields) => [key, seconds, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
