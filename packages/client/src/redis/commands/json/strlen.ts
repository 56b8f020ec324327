import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.STRLEN key [path]: string lengths.
 * @see https://redis.io/docs/latest/commands/json.strlen
 */
export const jsonStrlen = defineClientCommand<(key: RedisKey, path?: string) => (number | null)[]>({
  name: "JSON.STRLEN",
  encode: (key, path) => [key, path ?? "$"],
  decode: asArrayOf(asNullableInteger),
});
