import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XDEL key id [id ...]: delete entries; how many.
 * @see https://redis.io/commands/xdel
 */
export const xdel = defineClientCommand<(key: RedisKey, ...ids: [string, ...string[]]) => number>({
  name: "XDEL",
  encode: (key, ...ids) => [key, ...ids],
  decode: asInteger,
});
