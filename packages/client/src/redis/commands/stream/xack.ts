import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XACK key group id [id ...]: acknowledge entries; how many.
 * @see https://redis.io/commands/xack
 */
export const xack = defineClientCommand<
  (key: RedisKey, group: string, ...ids: [string, ...string[]]) => number
>({
  name: "XACK",
  encode: (key, group, ...ids) => [key, group, ...ids],
  decode: asInteger,
});
