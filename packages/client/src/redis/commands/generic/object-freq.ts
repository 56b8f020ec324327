import type { RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * OBJECT FREQ key: the LFU access counter, or null.
 * @see https://redis.io/commands/object-freq
 */
export const objectFreq = defineClientCommand<(key: RedisKey) => number | null>({
  name: "OBJECT FREQ",
  encode: (key) => [key],
  decode: asNullableInteger,
});
