import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * APPEND key value: append to the string at key; the new length.
 * @see https://redis.io/commands/append
 */
export const append = defineClientCommand<(key: RedisKey, value: RedisArgument) => number>({
  name: "APPEND",
  encode: (key, value) => [key, value],
  decode: asInteger,
});
