import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SINTER key [key ...]: members of every set.
 * @see https://redis.io/commands/sinter
 */
export const sinter = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "SINTER",
  encode: (...keys) => keys,
  decode: asTextArray,
});
