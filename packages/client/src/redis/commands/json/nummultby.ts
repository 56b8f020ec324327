import type { RedisKey } from "../../argv.ts";
import { asJson } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.NUMMULTBY key path value: multiply numbers; the new values, parsed.
 * @see https://redis.io/docs/latest/commands/json.nummultby
 */
export const jsonNummultby = defineClientCommand<
  (key: RedisKey, path: string, factor: number) => unknown
>({
  name: "JSON.NUMMULTBY",
  encode: (key, path, factor) => [key, path, factor],
  decode: asJson,
});
