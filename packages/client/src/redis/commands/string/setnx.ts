import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SETNX key value: set a string if the key does not exist.
 * @see https://redis.io/commands/setnx
 */
export const setnx = defineClientCommand<(key: RedisKey, value: RedisArgument) => boolean>({
  name: "SETNX",
  encode: (key, value) => [key, value],
  decode: asBoolean,
});
