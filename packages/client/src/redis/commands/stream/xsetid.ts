import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XSETID key last-id: set a stream's last id.
 * @see https://redis.io/commands/xsetid
 */
export const xsetid = defineClientCommand<(key: RedisKey, lastId: string) => "OK">({
  name: "XSETID",
  encode: (key, lastId) => [key, lastId],
  decode: asOk,
});
