import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZCARD key: the number of members.
 * @see https://redis.io/commands/zcard
 */
export const zcard = defineClientCommand<(key: RedisKey) => number>({
  name: "ZCARD",
  encode: (key) => [key],
  decode: asInteger,
});
