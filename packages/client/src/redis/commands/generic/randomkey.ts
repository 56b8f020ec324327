import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RANDOMKEY: a random key, or null.
 * @see https://redis.io/commands/randomkey
 */
export const randomkey = defineClientCommand<() => string | null>({
  name: "RANDOMKEY",
  encode: () => [],
  decode: asNullableText,
});
