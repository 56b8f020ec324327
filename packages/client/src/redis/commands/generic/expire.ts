import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EXPIRE key seconds [NX | XX | GT | LT]: set a TTL in seconds.
 * @see https://redis.io/commands/expire
 */
export const expire = defineClientCommand<
  (key: RedisKey, seconds: number, condition?: "NX" | "XX" | "GT" | "LT") => boolean
>({
  name: "EXPIRE",
  encode: (key, seconds, condition) => [
    key,
    seconds,
    ...(condition === undefined ? [] : [condition]),
  ],
  decode: asBoolean,
});
