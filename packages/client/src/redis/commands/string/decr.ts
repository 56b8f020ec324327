import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DECR key: decrement the integer at key by one.
 * @see https://redis.io/commands/decr
 */
export const decr = defineClientCommand<(key: RedisKey) => number>({
  name: "DECR",
  encode: (key) => [key],
  decode: asInteger,
});
