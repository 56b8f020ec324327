import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** Options of SORT and SORT_RO. */
export interface SortOptions {
  readonly by?: string;
  readonly limit?: { readonly offset: number; readonly count: number };
  readonly get?: readonly string[];
  readonly order?: "ASC" | "DESC";
  /** Sort as strings, not numbers. */
  readonly alpha?: boolean;
}

/** The options as argv; shared with `sort-ro.ts` through this export. */
export function encodeSortOptions(options: SortOptions | undefined): RedisArgument[] {
  const argv: RedisArgument[] = [];
  if (options?.by !== undefined) {
    argv.push("BY", options.by);
  }
  if (options?.limit !== undefined) {
    argv.push("LIMIT", options.limit.offset, options.limit.count);
  }
  for (const pattern of options?.get ?? []) {
    argv.push("GET", pattern);
  }
  if (options?.order !== undefined) {
    argv.push(options.order);
  }
  if (options?.alpha === true) {
    argv.push("ALPHA");
  }
  return argv;
}

/**
 * SORT key [BY pattern] [LIMIT offset count] [GET pattern ...] [ASC | DESC] [ALPHA]: sorted elements (without STORE).
 * @see https://redis.io/commands/sort
 */
export const sort = defineClientCommand<
  (key: RedisKey, options?: SortOptions) => (string | null)[]
>({
  name: "SORT",
  encode: (key, options) => [key, ...encodeSortOptions(options)],
  decode: asNullableTextArray,
});
