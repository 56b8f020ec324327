import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.ARRLEN key [path]: array lengths (null where not an array).
 * @see https://redis.io/docs/latest/commands/json.arrlen
 */
export const jsonArrlen = defineClientCommand<(key: RedisKey, path?: string) => (number | null)[]>({
  name: "JSON.ARRLEN",
  encode: (key, path) => [key, path ?? "$"],
  decode: asArrayOf(asNullableInteger),
});
