import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZRANGEBYSCORE key min max [LIMIT offset count]: members by score (prefer ZRANGE … BYSCORE).
 * @see https://redis.io/commands/zrangebyscore
 */
export const zrangebyscore = defineClientCommand<
  (key: RedisKey, min: number | string, max: number | string) => string[]
>({
  name: "ZRANGEBYSCORE",
  encode: (key, min, max) => [key, min, max],
  decode: asTextArray,
});
