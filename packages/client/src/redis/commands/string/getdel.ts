import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GETDEL key: the string at key, deleting the key.
 * @see https://redis.io/commands/getdel
 */
export const getdel = defineClientCommand<(key: RedisKey) => string | null>({
  name: "GETDEL",
  encode: (key) => [key],
  decode: asNullableText,
});
