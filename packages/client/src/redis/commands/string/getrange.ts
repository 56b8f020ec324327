import type { RedisKey } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GETRANGE key start end: a substring of the string at key.
 * @see https://redis.io/commands/getrange
 */
export const getrange = defineClientCommand<(key: RedisKey, start: number, end: number) => string>({
  name: "GETRANGE",
  encode: (key, start, end) => [key, start, end],
  decode: asText,
});
