import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GET key: the string at key, or null.
 * @see https://redis.io/commands/get
 */
export const get = defineClientCommand<(key: RedisKey) => string | null>({
  name: "GET",
  encode: (key) => [key],
  decode: asNullableText,
});
