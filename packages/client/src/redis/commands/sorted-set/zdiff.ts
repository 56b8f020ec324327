import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZDIFF numkeys key [key ...]: members of the first set not in the others.
 * @see https://redis.io/commands/zdiff
 */
export const zdiff = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "ZDIFF",
  encode: (...keys) => [keys.length, ...keys],
  decode: asTextArray,
});
