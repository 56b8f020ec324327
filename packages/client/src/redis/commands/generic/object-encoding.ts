import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * OBJECT ENCODING key: the internal encoding of a value, or null.
 * @see https://redis.io/commands/object-encoding
 */
export const objectEncoding = defineClientCommand<(key: RedisKey) => string | null>({
  name: "OBJECT ENCODING",
  encode: (key) => [key],
  decode: asNullableText,
});
