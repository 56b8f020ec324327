import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RPOP key: remove and return the last element, or null.
 * @see https://redis.io/commands/rpop
 */
export const rpop = defineClientCommand<(key: RedisKey) => string | null>({
  name: "RPOP",
  encode: (key) => [key],
  decode: asNullableText,
});
