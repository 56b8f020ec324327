import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EXPIRETIME key: the expiry as Unix seconds; -1 without, -2 when absent.
 * @see https://redis.io/commands/expiretime
 */
export const expiretime = defineClientCommand<(key: RedisKey) => number>({
  name: "EXPIRETIME",
  encode: (key) => [key],
  decode: asInteger,
});
