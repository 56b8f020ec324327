import type { RedisArgument } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PUBLISH channel message: publish; how many subscribers received it.
 * @see https://redis.io/commands/publish
 */
export const publish = defineClientCommand<(channel: string, message: RedisArgument) => number>({
  name: "PUBLISH",
  encode: (channel, message) => [channel, message],
  decode: asInteger,
});
