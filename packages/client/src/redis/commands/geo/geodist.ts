import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GEODIST key member1 member2 [M | KM | FT | MI]: the distance, or null.
 * @see https://redis.io/commands/geodist
 */
export const geodist = defineClientCommand<
  (
    key: RedisKey,
    members: readonly [RedisArgument, RedisArgument],
    unit?: "M" | "KM" | "FT" | "MI",
  ) => number | null
>({
  name: "GEODIST",
  encode: (key, [member1, member2], unit) => [
    key,
    member1,
    member2,
    ...(unit === undefined ? [] : [unit]),
  ],
  decode: asNullableFloat,
});
