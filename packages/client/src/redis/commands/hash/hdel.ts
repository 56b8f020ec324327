import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HDEL key field [field ...]: delete fields; how many existed.
 * @see https://redis.io/commands/hdel
 */
export const hdel = defineClientCommand<
  (key: RedisKey, ...fields: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "HDEL",
  encode: (key, ...fields) => [key, ...fields],
  decode: asInteger,
});
