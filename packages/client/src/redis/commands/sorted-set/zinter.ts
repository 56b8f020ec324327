import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZINTER numkeys key [key ...]: members of every set.
 * @see https://redis.io/commands/zinter
 */
export const zinter = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => string[]>({
  name: "ZINTER",
  encode: (...keys) => [keys.length, ...keys],
  decode: asTextArray,
});
