import type { RedisArgument } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * MSETNX key value [key value ...]: set several strings if none exists.
 * @see https://redis.io/commands/msetnx
 */
export const msetnx = defineClientCommand<
  (entries: Readonly<Record<string, RedisArgument>>) => boolean
>({
  name: "MSETNX",
  encode: (entries) => Object.entries(entries).flat(),
  decode: asBoolean,
});
