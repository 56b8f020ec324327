import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SDIFF key [key ...]: members of the first set not in the others.
 * @see https://redis.io/commands/sdiff
 */
export const sdiff = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "SDIFF",
  encode: (...keys) => keys,
  decode: asTextArray,
});
