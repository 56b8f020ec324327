import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SPOP key: remove and return a random member, or null.
 * @see https://redis.io/commands/spop
 */
export const spop = defineClientCommand<(key: RedisKey) => string | null>({
  name: "SPOP",
  encode: (key) => [key],
  decode: asNullableText,
});
