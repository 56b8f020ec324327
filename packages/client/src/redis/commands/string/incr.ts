import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * INCR key: increment the integer at key by one.
 * @see https://redis.io/commands/incr
 */
export const incr = defineClientCommand<(key: RedisKey) => number>({
  name: "INCR",
  encode: (key) => [key],
  decode: asInteger,
});
