import type { RedisKey } from "../../argv.ts";
import { asJson } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.GET key [path ...]: the values at the paths, parsed (null when the key is absent).
 * @see https://redis.io/docs/latest/commands/json.get
 */
export const jsonGet = defineClientCommand<(key: RedisKey, ...paths: string[]) => unknown>({
  name: "JSON.GET",
  encode: (key, ...paths) => [key, ...paths],
  decode: asJson,
});
