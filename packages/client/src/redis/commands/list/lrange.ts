import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LRANGE key start stop: the elements between two indexes, inclusive.
 * @see https://redis.io/commands/lrange
 */
export const lrange = defineClientCommand<(key: RedisKey, start: number, stop: number) => string[]>(
  {
    name: "LRANGE",
    encode: (key, start, stop) => [key, start, stop],
    decode: asTextArray,
  },
);
