import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HSETNX key field value: set a field if it does not exist.
 * @see https://redis.io/commands/hsetnx
 */
export const hsetnx = defineClientCommand<
  (key: RedisKey, field: RedisArgument, value: RedisArgument) => boolean
>({
  name: "HSETNX",
  encode: (key, field, value) => [key, field, value],
  decode: asBoolean,
});
