import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREM key member [member ...]: remove members; how many existed.
 * @see https://redis.io/commands/zrem
 */
export const zrem = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "ZREM",
  encode: (key, ...members) => [key, ...members],
  decode: asInteger,
});
