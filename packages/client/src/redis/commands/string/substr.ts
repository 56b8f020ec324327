import type { RedisKey } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SUBSTR key start end: a substring (the old name of GETRANGE).
 * @see https://redis.io/commands/substr
 */
export const substr = defineClientCommand<(key: RedisKey, start: number, end: number) => string>({
  name: "SUBSTR",
  encode: (key, start, end) => [key, start, end],
  decode: asText,
});
