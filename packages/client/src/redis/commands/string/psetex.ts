import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PSETEX key milliseconds value: set a string with a TTL in ms.
 * @see https://redis.io/commands/psetex
 */
export const psetex = defineClientCommand<
  (key: RedisKey, milliseconds: number, value: RedisArgument) => "OK"
>({
  name: "PSETEX",
  encode: (key, milliseconds, value) => [key, milliseconds, value],
  decode: asOk,
});
