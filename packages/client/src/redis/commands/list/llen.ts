import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LLEN key: the list's length.
 * @see https://redis.io/commands/llen
 */
export const llen = defineClientCommand<(key: RedisKey) => number>({
  name: "LLEN",
  encode: (key) => [key],
  decode: asInteger,
});
