import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SINTERCARD numkeys key [key ...] [LIMIT limit]: the size of an intersection.
 * @see https://redis.io/commands/sintercard
 */
export const sintercard = defineClientCommand<
  (keys: readonly [RedisKey, ...RedisKey[]], limit?: number) => number
>({
  name: "SINTERCARD",
  encode: (keys, limit) => [keys.length, ...keys, ...(limit === undefined ? [] : ["LIMIT", limit])],
  decode: asInteger,
});
