import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBooleanArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SMISMEMBER key member [member ...]: membership of each member.
 * @see https://redis.io/commands/smismember
 */
export const smismember = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => boolean[]
>({
  name: "SMISMEMBER",
  encode: (key, ...members) => [key, ...members],
  decode: asBooleanArray,
});
