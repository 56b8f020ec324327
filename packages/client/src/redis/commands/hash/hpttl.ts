import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HPTTL key FIELDS numfields field [...]: the TTL of each field in ms.
 * @see https://redis.io/commands/hpttl
 */
export const hpttl = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HPTTL",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
