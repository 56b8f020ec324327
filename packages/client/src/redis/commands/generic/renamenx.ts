import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RENAMENX key newkey: rename a key if the new name is free.
 * @see https://redis.io/commands/renamenx
 */
export const renamenx = defineClientCommand<(key: RedisKey, newKey: RedisKey) => boolean>({
  name: "RENAMENX",
  encode: (key, newKey) => [key, newKey],
  decode: asBoolean,
});
