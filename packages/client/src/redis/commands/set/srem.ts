import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SREM key member [member ...]: remove members; how many existed.
 * @see https://redis.io/commands/srem
 */
export const srem = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "SREM",
  encode: (key, ...members) => [key, ...members],
  decode: asInteger,
});
