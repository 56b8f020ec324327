import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HLEN key: the number of fields.
 * @see https://redis.io/commands/hlen
 */
export const hlen = defineClientCommand<(key: RedisKey) => number>({
  name: "HLEN",
  encode: (key) => [key],
  decode: asInteger,
});
