import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HINCRBY key field increment: increment an integer field.
 * @see https://redis.io/commands/hincrby
 */
export const hincrby = defineClientCommand<
  (key: RedisKey, field: RedisArgument, increment: number) => number
>({
  name: "HINCRBY",
  encode: (key, field, increment) => [key, field, increment],
  decode: asInteger,
});
