import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XGROUP CREATECONSUMER key group consumer: create a consumer.
 * @see https://redis.io/commands/xgroup-createconsumer
 */
export const xgroupCreateconsumer = defineClientCommand<
  (key: RedisKey, group: string, consumer: string) => boolean
>({
  name: "XGROUP CREATECONSUMER",
  encode: (key, group, consumer) => [key, group, consumer],
  decode: asBoolean,
});
