import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LPOS key element [RANK rank] [MAXLEN len]: the index of an element, or null.
 * @see https://redis.io/commands/lpos
 */
export const lpos = defineClientCommand<
  (
    key: RedisKey,
    element: RedisArgument,
    options?: { readonly rank?: number; readonly maxLen?: number },
  ) => number | null
>({
  name: "LPOS",
  encode: (key, element, options) => [
    key,
    element,
    ...(options?.rank === undefined ? [] : ["RANK", options.rank]),
    ...(options?.maxLen === undefined ? [] : ["MAXLEN", options.maxLen]),
  ],
  decode: asNullableInteger,
});
