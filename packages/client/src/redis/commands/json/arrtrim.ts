import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.ARRTRIM key path start stop: keep a range of arrays; new lengths.
 * @see https://redis.io/docs/latest/commands/json.arrtrim
 */
export const jsonArrtrim = defineClientCommand<
  (
    key: RedisKey,
    path: string,
    range: { readonly start: number; readonly stop: number },
  ) => (number | null)[]
>({
  name: "JSON.ARRTRIM",
  encode: (key, path, { start, stop }) => [key, path, start, stop],
  decode: asArrayOf(asNullableInteger),
});
