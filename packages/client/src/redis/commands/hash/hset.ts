import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HSET key field value [field value ...]: set fields; how many were new.
 * @see https://redis.io/commands/hset
 */
export const hset = defineClientCommand<
  (key: RedisKey, fields: Readonly<Record<string, RedisArgument>>) => number
>({
  name: "HSET",
  encode: (key, fields) => [key, ...Object.entries(fields).flat()],
  decode: asInteger,
});
