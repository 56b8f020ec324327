import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SCARD key: the number of members.
 * @see https://redis.io/commands/scard
 */
export const scard = defineClientCommand<(key: RedisKey) => number>({
  name: "SCARD",
  encode: (key) => [key],
  decode: asInteger,
});
