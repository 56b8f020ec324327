import type { RedisArgument } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PING [message]: `PONG`, or the message.
 * @see https://redis.io/commands/ping
 */
export const ping = defineClientCommand<(message?: RedisArgument) => string>({
  name: "PING",
  encode: (message) => (message === undefined ? [] : [message]),
  decode: asText,
});
