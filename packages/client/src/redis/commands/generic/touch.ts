import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * TOUCH key [key ...]: how many of the keys exist (touching them).
 * @see https://redis.io/commands/touch
 */
export const touch = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => number>({
  name: "TOUCH",
  encode: (...keys) => keys,
  decode: asInteger,
});
