import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.ARRINSERT key path index value [value ...]: insert JSON values into arrays; new lengths.
 * @see https://redis.io/docs/latest/commands/json.arrinsert
 */
export const jsonArrinsert = defineClientCommand<
  (
    key: RedisKey,
    path: string,
    insert: { readonly index: number; readonly values: readonly [unknown, ...unknown[]] },
  ) => (number | null)[]
>({
  name: "JSON.ARRINSERT",
  encode: (key, path, { index, values }) => [
    key,
    path,
    index,
    ...values.map((value) => JSON.stringify(value)),
  ],
  decode: asArrayOf(asNullableInteger),
});
