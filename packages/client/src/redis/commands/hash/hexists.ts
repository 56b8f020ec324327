import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HEXISTS key field: whether the field exists.
 * @see https://redis.io/commands/hexists
 */
export const hexists = defineClientCommand<(key: RedisKey, field: RedisArgument) => boolean>({
  name: "HEXISTS",
  encode: (key, field) => [key, field],
  decode: asBoolean,
});
