import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HRANDFIELD key [count]: random field names.
 * @see https://redis.io/commands/hrandfield
 */
export const hrandfield = defineClientCommand<(key: RedisKey, count: number) => string[]>({
  name: "HRANDFIELD",
  encode: (key, count) => [key, count],
  decode: asTextArray,
});
