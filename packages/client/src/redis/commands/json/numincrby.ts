import type { RedisKey } from "../../argv.ts";
import { asJson } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.NUMINCRBY key path value: increment numbers; the new values, parsed.
 * @see https://redis.io/docs/latest/commands/json.numincrby
 */
export const jsonNumincrby = defineClientCommand<
  (key: RedisKey, path: string, increment: number) => unknown
>({
  name: "JSON.NUMINCRBY",
  encode: (key, path, increment) => [key, path, increment],
  decode: asJson,
});
