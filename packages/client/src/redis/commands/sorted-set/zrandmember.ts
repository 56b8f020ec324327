import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZRANDMEMBER key count: random members.
 * @see https://redis.io/commands/zrandmember
 */
export const zrandmember = defineClientCommand<(key: RedisKey, count: number) => string[]>({
  name: "ZRANDMEMBER",
  encode: (key, count) => [key, count],
  decode: asTextArray,
});
