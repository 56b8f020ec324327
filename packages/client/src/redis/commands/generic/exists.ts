import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EXISTS key [key ...]: how many of the keys exist.
 * @see https://redis.io/commands/exists
 */
export const exists = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => number>({
  name: "EXISTS",
  encode: (...keys) => keys,
  decode: asInteger,
});
