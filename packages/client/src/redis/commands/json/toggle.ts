import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.TOGGLE key path: flip booleans; the new values as 1/0.
 * @see https://redis.io/docs/latest/commands/json.toggle
 */
export const jsonToggle = defineClientCommand<(key: RedisKey, path: string) => (number | null)[]>({
  name: "JSON.TOGGLE",
  encode: (key, path) => [key, path],
  decode: asArrayOf(asNullableInteger),
});
