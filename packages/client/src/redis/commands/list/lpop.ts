import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LPOP key: remove and return the first element, or null.
 * @see https://redis.io/commands/lpop
 */
export const lpop = defineClientCommand<(key: RedisKey) => string | null>({
  name: "LPOP",
  encode: (key) => [key],
  decode: asNullableText,
});
