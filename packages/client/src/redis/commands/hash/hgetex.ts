import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { type ExpiryOptions, encodeExpiry } from "../string/expiry.ts";

/**
 * HGETEX key [EX s | PX ms | EXAT t | PXAT t | PERSIST] FIELDS numfields field [...]: field values, changing their expiry.
 * @see https://redis.io/commands/hgetex
 */
export const hgetex = defineClientCommand<
  (
    key: RedisKey,
    fields: readonly [RedisArgument, ...RedisArgument[]],
    options?: ExpiryOptions,
  ) => (string | null)[]
>({
  name: "HGETEX",
  encode: (key, fields, options) => [
    key,
    ...encodeExpiry(options),
    "FIELDS",
    fields.length,
    ...fields,
  ],
  decode: asNullableTextArray,
});
