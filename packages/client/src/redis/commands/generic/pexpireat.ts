import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PEXPIREAT key unix-time-milliseconds [NX | XX | GT | LT]: set an expiry time in ms.
 * @see https://redis.io/commands/pexpireat
 */
export const pexpireat = defineClientCommand<
  (key: RedisKey, unixTimeMilliseconds: number, condition?: "NX" | "XX" | "GT" | "LT") => boolean
>({
  name: "PEXPIREAT",
  encode: (key, unixTimeMilliseconds, condition) => [
    key,
    unixTimeMilliseconds,
    ...(condition === undefined ? [] : [condition]),
  ],
  decode: asBoolean,
});
