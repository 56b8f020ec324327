import type { RestValue } from "@stratus/core/rest";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PUBSUB NUMSUB [channel ...]: subscriber counts, flat `[channel, count, …]`.
 * @see https://redis.io/commands/pubsub-numsub
 */
export const pubsubNumsub = defineClientCommand<(...channels: string[]) => RestValue>({
  name: "PUBSUB NUMSUB",
  encode: (...channels) => channels,
  decode: asRaw,
});
