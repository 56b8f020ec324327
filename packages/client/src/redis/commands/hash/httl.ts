import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HTTL key FIELDS numfields field [...]: the TTL of each field in seconds.
 * @see https://redis.io/commands/httl
 */
export const httl = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HTTL",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
