import type { RedisArgument } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * MSET key value [key value ...]: set several strings.
 * @see https://redis.io/commands/mset
 */
export const mset = defineClientCommand<(entries: Readonly<Record<string, RedisArgument>>) => "OK">(
  {
    name: "MSET",
    encode: (entries) => Object.entries(entries).flat(),
    decode: asOk,
  },
);
