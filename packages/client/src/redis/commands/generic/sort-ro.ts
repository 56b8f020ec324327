import type { RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeSortOptions, type SortOptions } from "./sort.ts";

/**
 * SORT_RO key [BY pattern] [LIMIT offset count] [GET pattern ...] [ASC | DESC] [ALPHA]: SORT for read-only callers.
 * @see https://redis.io/commands/sort_ro
 */
export const sortRo = defineClientCommand<
  (key: RedisKey, options?: SortOptions) => (string | null)[]
>({
  name: "SORT_RO",
  encode: (key, options) => [key, ...encodeSortOptions(options)],
  decode: asNullableTextArray,
});
