import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZSCORE key member: a member's score, or null.
 * @see https://redis.io/commands/zscore
 */
export const zscore = defineClientCommand<(key: RedisKey, member: RedisArgument) => number | null>({
  name: "ZSCORE",
  encode: (key, member) => [key, member],
  decode: asNullableFloat,
});
