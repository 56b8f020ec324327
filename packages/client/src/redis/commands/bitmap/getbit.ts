import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * GETBIT key offset: the bit at offset.
 * @see https://redis.io/commands/getbit
 */
export const getbit = defineClientCommand<(key: RedisKey, offset: number) => 0 | 1>({
  name: "GETBIT",
  encode: (key, offset) => [key, offset],
  decode: (value) => (asInteger(value) === 1 ? 1 : 0),
});
