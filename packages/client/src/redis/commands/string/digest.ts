import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DIGEST key: the XXH3 hash of a string as 16 hex digits, or null.
 * @see https://redis.io/commands/digest
 */
export const digest = defineClientCommand<(key: RedisKey) => string | null>({
  name: "DIGEST",
  encode: (key) => [key],
  decode: asNullableText,
});
