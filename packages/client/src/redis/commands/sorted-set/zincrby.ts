import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZINCRBY key increment member: increment a score; the new score.
 * @see https://redis.io/commands/zincrby
 */
export const zincrby = defineClientCommand<
  (key: RedisKey, increment: number, member: RedisArgument) => number
>({
  name: "ZINCRBY",
  encode: (key, increment, member) => [key, increment, member],
  decode: asFloat,
});
