import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREMRANGEBYSCORE key min max: remove members by score.
 * @see https://redis.io/commands/zremrangebyscore
 */
export const zremrangebyscore = defineClientCommand<
  (key: RedisKey, min: number | string, max: number | string) => number
>({
  name: "ZREMRANGEBYSCORE",
  encode: (key, min, max) => [key, min, max],
  decode: asInteger,
});
