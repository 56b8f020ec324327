import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SETBIT key offset value: set a bit; the old bit.
 * @see https://redis.io/commands/setbit
 */
export const setbit = defineClientCommand<(key: RedisKey, offset: number, value: 0 | 1) => 0 | 1>({
  name: "SETBIT",
  encode: (key, offset, value) => [key, offset, value],
  decode: (value) => (asInteger(value) === 1 ? 1 : 0),
});
