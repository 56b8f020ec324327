import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * INCRBY key increment: increment the integer at key.
 * @see https://redis.io/commands/incrby
 */
export const incrby = defineClientCommand<(key: RedisKey, increment: number) => number>({
  name: "INCRBY",
  encode: (key, increment) => [key, increment],
  decode: asInteger,
});
