import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** The range and options of ZRANGE (without WITHSCORES; see `zrangeWithScores`). */
export interface ZrangeRange {
  /** A rank, or with `by` a score (`"(1"`, `"-inf"`) or a lex bound (`"[a"`, `"-"`). */
  readonly start: number | string;
  readonly stop: number | string;
  /** Read `start` and `stop` as scores or as lexicographic bounds instead of ranks. */
  readonly by?: "SCORE" | "LEX";
  /** Highest first (`REV`). */
  readonly reverse?: boolean;
  /** `LIMIT offset count`. */
  readonly limit?: { readonly offset: number; readonly count: number };
}

/** ZRANGE's range and options as argv; shared with `zrange-with-scores.ts` through this export. */
export function encodeZrange(range: ZrangeRange): RedisArgument[] {
  const argv: RedisArgument[] = [range.start, range.stop];
  if (range.by !== undefined) {
    argv.push(`BY${range.by}`);
  }
  if (range.reverse === true) {
    argv.push("REV");
  }
  if (range.limit !== undefined) {
    argv.push("LIMIT", range.limit.offset, range.limit.count);
  }
  return argv;
}

/**
 * ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count]: members in a range.
 * @see https://redis.io/commands/zrange
 */
export const zrange = defineClientCommand<(key: RedisKey, range: ZrangeRange) => string[]>({
  name: "ZRANGE",
  encode: (key, range) => [key, ...encodeZrange(range)],
  decode: asTextArray,
});
