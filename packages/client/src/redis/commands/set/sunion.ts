import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SUNION key [key ...]: members of any set.
 * @see https://redis.io/commands/sunion
 */
export const sunion = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "SUNION",
  encode: (...keys) => keys,
  decode: asTextArray,
});
