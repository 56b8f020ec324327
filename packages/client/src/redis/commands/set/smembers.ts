import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SMEMBERS key: every member.
 * @see https://redis.io/commands/smembers
 */
export const smembers = defineClientCommand<(key: RedisKey) => string[]>({
  name: "SMEMBERS",
  encode: (key) => [key],
  decode: asTextArray,
});
