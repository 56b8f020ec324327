import type { RedisKey } from "../../argv.ts";
import { asFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * INCRBYFLOAT key increment: increment the float at key.
 * @see https://redis.io/commands/incrbyfloat
 */
export const incrbyfloat = defineClientCommand<(key: RedisKey, increment: number) => number>({
  name: "INCRBYFLOAT",
  encode: (key, increment) => [key, increment],
  decode: asFloat,
});
