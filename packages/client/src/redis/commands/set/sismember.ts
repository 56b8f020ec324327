import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SISMEMBER key member: whether member is in the set.
 * @see https://redis.io/commands/sismember
 */
export const sismember = defineClientCommand<(key: RedisKey, member: RedisArgument) => boolean>({
  name: "SISMEMBER",
  encode: (key, member) => [key, member],
  decode: asBoolean,
});
