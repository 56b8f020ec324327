import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XLEN key: the number of entries.
 * @see https://redis.io/commands/xlen
 */
export const xlen = defineClientCommand<(key: RedisKey) => number>({
  name: "XLEN",
  encode: (key) => [key],
  decode: asInteger,
});
