import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HGET key field: a field's value, or null.
 * @see https://redis.io/commands/hget
 */
export const hget = defineClientCommand<(key: RedisKey, field: RedisArgument) => string | null>({
  name: "HGET",
  encode: (key, field) => [key, field],
  decode: asNullableText,
});
