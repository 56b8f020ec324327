import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PTTL key: the TTL in milliseconds; -1 without, -2 when absent.
 * @see https://redis.io/commands/pttl
 */
export const pttl = defineClientCommand<(key: RedisKey) => number>({
  name: "PTTL",
  encode: (key) => [key],
  decode: asInteger,
});
