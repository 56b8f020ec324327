import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PUBSUB CHANNELS [pattern]: the active channels.
 * @see https://redis.io/commands/pubsub-channels
 */
export const pubsubChannels = defineClientCommand<(pattern?: string) => string[]>({
  name: "PUBSUB CHANNELS",
  encode: (pattern) => (pattern === undefined ? [] : [pattern]),
  decode: asTextArray,
});
