import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.STRAPPEND key [path] value: append to strings; new lengths.
 * @see https://redis.io/docs/latest/commands/json.strappend
 */
export const jsonStrappend = defineClientCommand<
  (key: RedisKey, path: string, text: string) => (number | null)[]
>({
  name: "JSON.STRAPPEND",
  encode: (key, path, text) => [key, path, JSON.stringify(text)],
  decode: asArrayOf(asNullableInteger),
});
