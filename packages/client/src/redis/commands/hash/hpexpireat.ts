import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HPEXPIREAT key unix-time-milliseconds FIELDS numfields field [...]: set an expiry time in ms on fields.
 * @see https://redis.io/commands/hpexpireat
 */
export const hpexpireat = defineClientCommand<
  (
    key: RedisKey,
    unixTimeMilliseconds: number,
    fields: readonly [RedisArgument, ...RedisArgument[]],
  ) => number[]
>({
  name: "HPEXPIREAT",
  encode: (key, unixTimeMilliseconds, fields) => [
    key,
    unixTimeMilliseconds,
    "FIELDS",
    fields.length,
    ...fields,
  ],
  decode: asIntegerArray,
});
