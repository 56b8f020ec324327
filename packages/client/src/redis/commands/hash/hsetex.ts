import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { type ExpiryOptions, encodeExpiry } from "../string/expiry.ts";

/**
 * HSETEX key [FNX | FXX] [EX s | PX ms | EXAT t | PXAT t | KEEPTTL] FIELDS numfields field value [...]: set fields with an expiry; whether they were set.
 * @see https://redis.io/commands/hsetex
 */
export const hsetex = defineClientCommand<
  (
    key: RedisKey,
    fields: Readonly<Record<string, RedisArgument>>,
    options?: ExpiryOptions & { readonly condition?: "FNX" | "FXX"; readonly keepTtl?: boolean },
  ) => boolean
>({
  name: "HSETEX",
  encode: (key, fields, options) => [
    key,
    ...(options?.condition === undefined ? [] : [options.condition]),
    ...encodeExpiry(options),
    ...(options?.keepTtl === true ? ["KEEPTTL"] : []),
    "FIELDS",
    Object.keys(fields).length,
    ...Object.entries(fields).flat(),
  ],
  decode: asBoolean,
});
