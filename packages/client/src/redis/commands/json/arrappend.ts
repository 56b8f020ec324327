import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.ARRAPPEND key path value [value ...]: append JSON values to arrays; new lengths.
 * @see https://redis.io/docs/latest/commands/json.arrappend
 */
export const jsonArrappend = defineClientCommand<
  (key: RedisKey, path: string, ...values: [unknown, ...unknown[]]) => (number | null)[]
>({
  name: "JSON.ARRAPPEND",
  encode: (key, path, ...values) => [key, path, ...values.map((value) => JSON.stringify(value))],
  decode: asArrayOf(asNullableInteger),
});
