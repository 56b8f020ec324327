import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * BITOP AND | OR | XOR | NOT | DIFF | DIFF1 | ANDOR | ONE destkey key [key ...]: bitwise operation; the result length.
 * @see https://redis.io/commands/bitop
 */
export const bitop = defineClientCommand<
  (
    operation: "AND" | "OR" | "XOR" | "NOT" | "DIFF" | "DIFF1" | "ANDOR" | "ONE",
    destination: RedisKey,
    ...keys: [RedisKey, ...RedisKey[]]
  ) => number
>({
  name: "BITOP",
  encode: (operation, destination, ...keys) => [operation, destination, ...keys],
  decode: asInteger,
});
