import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XGROUP DELCONSUMER key group consumer: delete a consumer; its pending count.
 * @see https://redis.io/commands/xgroup-delconsumer
 */
export const xgroupDelconsumer = defineClientCommand<
  (key: RedisKey, group: string, consumer: string) => number
>({
  name: "XGROUP DELCONSUMER",
  encode: (key, group, consumer) => [key, group, consumer],
  decode: asInteger,
});
