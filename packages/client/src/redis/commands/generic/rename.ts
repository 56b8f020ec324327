import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RENAME key newkey: rename a key.
 * @see https://redis.io/commands/rename
 */
export const rename = defineClientCommand<(key: RedisKey, newKey: RedisKey) => "OK">({
  name: "RENAME",
  encode: (key, newKey) => [key, newKey],
  decode: asOk,
});
