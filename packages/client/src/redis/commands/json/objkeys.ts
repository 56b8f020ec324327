import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableArrayOf, asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.OBJKEYS key [path]: the keys of objects (null where not an object).
 * @see https://redis.io/docs/latest/commands/json.objkeys
 */
export const jsonObjkeys = defineClientCommand<
  (key: RedisKey, path?: string) => (string[] | null)[]
>({
  name: "JSON.OBJKEYS",
  encode: (key, path) => [key, path ?? "$"],
  decode: asArrayOf(asNullableArrayOf(asText)),
});
