import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HVALS key: the field values.
 * @see https://redis.io/commands/hvals
 */
export const hvals = defineClientCommand<(key: RedisKey) => string[]>({
  name: "HVALS",
  encode: (key) => [key],
  decode: asTextArray,
});
