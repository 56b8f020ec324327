import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HINCRBYFLOAT key field increment: increment a float field.
 * @see https://redis.io/commands/hincrbyfloat
 */
export const hincrbyfloat = defineClientCommand<
  (key: RedisKey, field: RedisArgument, increment: number) => number
>({
  name: "HINCRBYFLOAT",
  encode: (key, field, increment) => [key, field, increment],
  decode: asFloat,
});
