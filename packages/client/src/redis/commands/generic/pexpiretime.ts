import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PEXPIRETIME key: the expiry as Unix milliseconds; -1 without, -2 when absent.
 * @see https://redis.io/commands/pexpiretime
 */
export const pexpiretime = defineClientCommand<(key: RedisKey) => number>({
  name: "PEXPIRETIME",
  encode: (key) => [key],
  decode: asInteger,
});
