import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * TTL key: the TTL in seconds; -1 without, -2 when absent.
 * @see https://redis.io/commands/ttl
 */
export const ttl = defineClientCommand<(key: RedisKey) => number>({
  name: "TTL",
  encode: (key) => [key],
  decode: asInteger,
});
