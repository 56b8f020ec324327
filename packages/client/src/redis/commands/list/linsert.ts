import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LINSERT key BEFORE | AFTER pivot element: insert next to a pivot; the new length, -1 without pivot.
 * @see https://redis.io/commands/linsert
 */
export const linsert = defineClientCommand<
  (
    key: RedisKey,
    position: { readonly where: "BEFORE" | "AFTER"; readonly pivot: RedisArgument },
    element: RedisArgument,
  ) => number
>({
  name: "LINSERT",
  encode: (key, { where, pivot }, element) => [key, where, pivot, element],
  decode: asInteger,
});
