import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZINTERCARD numkeys key [key ...] [LIMIT limit]: the size of an intersection.
 * @see https://redis.io/commands/zintercard
 */
export const zintercard = defineClientCommand<
  (keys: readonly [RedisKey, ...RedisKey[]], limit?: number) => number
>({
  name: "ZINTERCARD",
  encode: (keys, limit) => [keys.length, ...keys, ...(limit === undefined ? [] : ["LIMIT", limit])],
  decode: asInteger,
});
