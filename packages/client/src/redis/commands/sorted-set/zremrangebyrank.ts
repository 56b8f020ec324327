import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREMRANGEBYRANK key start stop: remove members by rank.
 * @see https://redis.io/commands/zremrangebyrank
 */
export const zremrangebyrank = defineClientCommand<
  (key: RedisKey, start: number, stop: number) => number
>({
  name: "ZREMRANGEBYRANK",
  encode: (key, start, stop) => [key, start, stop],
  decode: asInteger,
});
