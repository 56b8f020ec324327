import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DEL key [key ...]: delete keys; how many existed.
 * @see https://redis.io/commands/del
 */
export const del = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => number>({
  name: "DEL",
  encode: (...keys) => keys,
  decode: asInteger,
});
