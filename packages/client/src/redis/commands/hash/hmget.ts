import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HMGET key field [field ...]: field values, null where absent.
 * @see https://redis.io/commands/hmget
 */
export const hmget = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => (string | null)[]
>({
  name: "HMGET",
  encode: (key, ...fields) => [key, ...fields],
  decode: asNullableTextArray,
});
