import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZUNION numkeys key [key ...]: members of any set.
 * @see https://redis.io/commands/zunion
 */
export const zunion = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "ZUNION",
  encode: (...keys) => [keys.length, ...keys],
  decode: asTextArray,
});
