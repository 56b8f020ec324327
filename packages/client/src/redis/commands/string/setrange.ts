import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SETRANGE key offset value: overwrite part of a string; the new length.
 * @see https://redis.io/commands/setrange
 */
export const setrange = defineClientCommand<
  (key: RedisKey, offset: number, value: RedisArgument) => number
>({
  name: "SETRANGE",
  encode: (key, offset, value) => [key, offset, value],
  decode: asInteger,
});
