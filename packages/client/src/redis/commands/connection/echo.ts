import type { RedisArgument } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ECHO message: the message.
 * @see https://redis.io/commands/echo
 */
export const echo = defineClientCommand<(message: RedisArgument) => string>({
  name: "ECHO",
  encode: (message) => [message],
  decode: asText,
});
