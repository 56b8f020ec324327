import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XGROUP DESTROY key group: delete a consumer group.
 * @see https://redis.io/commands/xgroup-destroy
 */
export const xgroupDestroy = defineClientCommand<(key: RedisKey, group: string) => boolean>({
  name: "XGROUP DESTROY",
  encode: (key, group) => [key, group],
  decode: asBoolean,
});
