import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HEXPIREAT key unix-time-seconds FIELDS numfields field [...]: set an expiry time on fields.
 * @see https://redis.io/commands/hexpireat
 */
export const hexpireat = defineClientCommand<
  (
    key: RedisKey,
    unixTimeSeconds: number,
    fields: readonly [RedisArgument, ...RedisArgument[]],
  ) => number[]
>({
  name: "HEXPIREAT",
  encode: (key, unixTimeSeconds, fields) => [
    key,
    unixTimeSeconds,
    "FIELDS",
    fields.length,
    ...fields,
  ],
  decode: asIntegerArray,
});
