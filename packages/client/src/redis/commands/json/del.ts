import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.DEL key [path]: delete values; how many.
 * @see https://redis.io/docs/latest/commands/json.del
 */
export const jsonDel = defineClientCommand<(key: RedisKey, path?: string) => number>({
  name: "JSON.DEL",
  encode: (key, path) => (path === undefined ? [key] : [key, path]),
  decode: asInteger,
});
