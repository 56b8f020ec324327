import type { RedisArgument } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { type ExpiryOptions, encodeExpiry } from "./expiry.ts";

/**
 * MSETEX numkeys key value [key value ...] [NX | XX] [EX s | PX ms | EXAT t | PXAT t | KEEPTTL]: set several strings with one expiry; whether they were set.
 * @see https://redis.io/commands/msetex
 */
export const msetex = defineClientCommand<
  (
    entries: Readonly<Record<string, RedisArgument>>,
    options?: ExpiryOptions & { readonly condition?: "NX" | "XX"; readonly keepTtl?: boolean },
  ) => boolean
>({
  name: "MSETEX",
  encode: (entries, options) => [
    Object.keys(entries).length,
    ...Object.entries(entries).flat(),
    ...(options?.condition === undefined ? [] : [options.condition]),
    ...encodeExpiry(options),
    ...(options?.keepTtl === true ? ["KEEPTTL"] : []),
  ],
  decode: asBoolean,
});
