import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREVRANGE key start stop: members by rank, highest first (prefer ZRANGE … REV).
 * @see https://redis.io/commands/zrevrange
 */
export const zrevrange = defineClientCommand<
  (key: RedisKey, start: number, stop: number) => string[]
>({
  name: "ZREVRANGE",
  encode: (key, start, stop) => [key, start, stop],
  decode: asTextArray,
});
