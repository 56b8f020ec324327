import type { RedisKey } from "../../argv.ts";
import { asNullableText, asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.TYPE key [path]: the JSON types at a path.
 * @see https://redis.io/docs/latest/commands/json.type
 */
export const jsonType = defineClientCommand<(key: RedisKey, path?: string) => unknown>({
  name: "JSON.TYPE",
  encode: (key, path) => (path === undefined ? [key] : [key, path]),
  decode: (value) => (Array.isArray(value) ? asNullableTextArray(value) : asNullableText(value)),
});
