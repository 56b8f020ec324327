import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SETEX key seconds value: set a string with a TTL in seconds.
 * @see https://redis.io/commands/setex
 */
export const setex = defineClientCommand<
  (key: RedisKey, seconds: number, value: RedisArgument) => "OK"
>({
  name: "SETEX",
  encode: (key, seconds, value) => [key, seconds, value],
  decode: asOk,
});
