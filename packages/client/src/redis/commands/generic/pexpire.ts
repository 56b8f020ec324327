import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PEXPIRE key milliseconds [NX | XX | GT | LT]: set a TTL in milliseconds.
 * @see https://redis.io/commands/pexpire
 */
export const pexpire = defineClientCommand<
  (key: RedisKey, milliseconds: number, condition?: "NX" | "XX" | "GT" | "LT") => boolean
>({
  name: "PEXPIRE",
  encode: (key, milliseconds, condition) => [
    key,
    milliseconds,
    ...(condition === undefined ? [] : [condition]),
  ],
  decode: asBoolean,
});
