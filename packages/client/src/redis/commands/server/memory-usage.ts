import type { RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * MEMORY USAGE key [SAMPLES count]: bytes a key uses, or null.
 * @see https://redis.io/commands/memory-usage
 */
export const memoryUsage = defineClientCommand<(key: RedisKey) => number | null>({
  name: "MEMORY USAGE",
  encode: (key) => [key],
  decode: asNullableInteger,
});
