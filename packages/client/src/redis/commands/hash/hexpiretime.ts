import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HEXPIRETIME key FIELDS numfields field [...]: the expiry of each field as Unix seconds.
 * @see https://redis.io/commands/hexpiretime
 */
export const hexpiretime = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HEXPIRETIME",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
