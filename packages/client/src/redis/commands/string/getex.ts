import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { type ExpiryOptions, encodeExpiry } from "./expiry.ts";

/**
 * GETEX key [EX s | PX ms | EXAT t | PXAT t | PERSIST]: the string at key, changing its expiry.
 * @see https://redis.io/commands/getex
 */
export const getex = defineClientCommand<(key: RedisKey, options?: ExpiryOptions) => string | null>(
  {
    name: "GETEX",
    encode: (key, options) => [key, ...encodeExpiry(options)],
    decode: asNullableText,
  },
);
