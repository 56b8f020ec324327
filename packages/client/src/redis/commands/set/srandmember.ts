import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SRANDMEMBER key count: random members.
 * @see https://redis.io/commands/srandmember
 */
export const srandmember = defineClientCommand<(key: RedisKey, count: number) => string[]>({
  name: "SRANDMEMBER",
  encode: (key, count) => [key, count],
  decode: asTextArray,
});
