import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HPEXPIRETIME key FIELDS numfields field [...]: the expiry of each field as Unix milliseconds.
 * @see https://redis.io/commands/hpexpiretime
 */
export const hpexpiretime = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HPEXPIRETIME",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
