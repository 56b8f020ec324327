import type { RedisKey } from "../../argv.ts";
import { asNullableBytes } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DUMP key: the value serialised in Redis's DUMP format (bytes), or null.
 * @see https://redis.io/commands/dump
 */
export const dump = defineClientCommand<(key: RedisKey) => Uint8Array | null>({
  name: "DUMP",
  encode: (key) => [key],
  decode: asNullableBytes,
});
