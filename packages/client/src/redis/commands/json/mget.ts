import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asJson } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.MGET key [key ...] path: the value at one path of several keys, parsed.
 * @see https://redis.io/docs/latest/commands/json.mget
 */
export const jsonMget = defineClientCommand<
  (keys: readonly [RedisKey, ...RedisKey[]], path: string) => unknown[]
>({
  name: "JSON.MGET",
  encode: (keys, path) => [...keys, path],
  decode: asArrayOf(asJson),
});
