import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EXPIREAT key unix-time-seconds [NX | XX | GT | LT]: set an expiry time.
 * @see https://redis.io/commands/expireat
 */
export const expireat = defineClientCommand<
  (key: RedisKey, unixTimeSeconds: number, condition?: "NX" | "XX" | "GT" | "LT") => boolean
>({
  name: "EXPIREAT",
  encode: (key, unixTimeSeconds, condition) => [
    key,
    unixTimeSeconds,
    ...(condition === undefined ? [] : [condition]),
  ],
  decode: asBoolean,
});
