import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * STRLEN key: the length of the string at key.
 * @see https://redis.io/commands/strlen
 */
export const strlen = defineClientCommand<(key: RedisKey) => number>({
  name: "STRLEN",
  encode: (key) => [key],
  decode: asInteger,
});
