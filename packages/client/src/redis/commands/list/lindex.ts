import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LINDEX key index: the element at index, or null.
 * @see https://redis.io/commands/lindex
 */
export const lindex = defineClientCommand<(key: RedisKey, index: number) => string | null>({
  name: "LINDEX",
  encode: (key, index) => [key, index],
  decode: asNullableText,
});
