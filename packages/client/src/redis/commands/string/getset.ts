import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GETSET key value: set the string and return the old one.
 * @see https://redis.io/commands/getset
 */
export const getset = defineClientCommand<(key: RedisKey, value: RedisArgument) => string | null>({
  name: "GETSET",
  encode: (key, value) => [key, value],
  decode: asNullableText,
});
