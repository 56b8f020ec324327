import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZRANK key member: the rank of a member (lowest first), or null.
 * @see https://redis.io/commands/zrank
 */
export const zrank = defineClientCommand<(key: RedisKey, member: RedisArgument) => number | null>({
  name: "ZRANK",
  encode: (key, member) => [key, member],
  decode: asNullableInteger,
});
