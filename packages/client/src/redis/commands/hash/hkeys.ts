import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HKEYS key: the field names.
 * @see https://redis.io/commands/hkeys
 */
export const hkeys = defineClientCommand<(key: RedisKey) => string[]>({
  name: "HKEYS",
  encode: (key) => [key],
  decode: asTextArray,
});
