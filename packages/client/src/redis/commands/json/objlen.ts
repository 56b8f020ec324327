import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.OBJLEN key [path]: the sizes of objects.
 * @see https://redis.io/docs/latest/commands/json.objlen
 */
export const jsonObjlen = defineClientCommand<(key: RedisKey, path?: string) => (number | null)[]>({
  name: "JSON.OBJLEN",
  encode: (key, path) => [key, path ?? "$"],
  decode: asArrayOf(asNullableInteger),
});
