import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asArrayOf, asFloat, asNullableArrayOf } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GEOPOS key member [member ...]: positions, null where absent.
 * @see https://redis.io/commands/geopos
 */
export const geopos = defineClientCommand<
  (
    key: RedisKey,
    ...members: [RedisArgument, ...RedisArgument[]]
  ) => ({ longitude: number; latitude: number } | null)[]
>({
  name: "GEOPOS",
  encode: (key, ...members) => [key, ...members],
  decode: asArrayOf((value) => {
    const pair = asNullableArrayOf(asFloat)(value);
    return pair === null ? null : { longitude: pair[0] ?? 0, latitude: pair[1] ?? 0 };
  }),
});
