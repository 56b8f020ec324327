import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.CLEAR key [path]: empty containers and zero numbers; how many.
 * @see https://redis.io/docs/latest/commands/json.clear
 */
export const jsonClear = defineClientCommand<(key: RedisKey, path?: string) => number>({
  name: "JSON.CLEAR",
  encode: (key, path) => (path === undefined ? [key] : [key, path]),
  decode: asInteger,
});
