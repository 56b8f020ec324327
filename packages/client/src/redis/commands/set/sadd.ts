import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SADD key member [member ...]: add members; how many were new.
 * @see https://redis.io/commands/sadd
 */
export const sadd = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "SADD",
  encode: (key, ...members) => [key, ...members],
  decode: asInteger,
});
