import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREVRANK key member: the rank of a member (highest first), or null.
 * @see https://redis.io/commands/zrevrank
 */
export const zrevrank = defineClientCommand<
  (key: RedisKey, member: RedisArgument) => number | null
>({
  name: "ZREVRANK",
  encode: (key, member) => [key, member],
  decode: asNullableInteger,
});
