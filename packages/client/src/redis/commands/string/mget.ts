import type { RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * MGET key [key ...]: the strings at the keys, null where absent.
 * @see https://redis.io/commands/mget
 */
export const mget = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => (string | null)[]>({
  name: "MGET",
  encode: (...keys) => keys,
  decode: asNullableTextArray,
});
