import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XGROUP SETID key group id | $: set a group's last delivered id.
 * @see https://redis.io/commands/xgroup-setid
 */
export const xgroupSetid = defineClientCommand<(key: RedisKey, group: string, id: string) => "OK">({
  name: "XGROUP SETID",
  encode: (key, group, id) => [key, group, id],
  decode: asOk,
});
