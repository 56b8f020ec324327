import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HPERSIST key FIELDS numfields field [...]: remove the TTL of fields.
 * @see https://redis.io/commands/hpersist
 */
export const hpersist = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number[]
>({
  name: "HPERSIST",
  encode: (key, ...fields) => [key, "FIELDS", fields.length, ...fields],
  decode: asIntegerArray,
});
