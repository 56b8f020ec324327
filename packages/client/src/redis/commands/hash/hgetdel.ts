import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HGETDEL key FIELDS numfields field [field ...]: get and delete fields.
 * @see https://redis.io/commands/hgetdel
 */
export const hgetdel = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => (string | null)[]
>({
  name: "HGETDEL",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asNullableTextArray,
});
