import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DECRBY key decrement: decrement the integer at key.
 * @see https://redis.io/commands/decrby
 */
export const decrby = defineClientCommand<(key: RedisKey, decrement: number) => number>({
  name: "DECRBY",
  encode: (key, decrement) => [key, decrement],
  decode: asInteger,
});
