import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GEOHASH key member [member ...]: geohash strings, null where absent.
 * @see https://redis.io/commands/geohash
 */
export const geohash = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => (string | null)[]
>({
  name: "GEOHASH",
  encode: (key, ...members) => [key, ...members],
  decode: asNullableTextArray,
});
