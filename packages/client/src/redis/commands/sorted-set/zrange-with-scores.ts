import type { RedisKey } from "../../argv.ts";
import { asScoredMembers } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeZrange, type ZrangeRange } from "./zrange.ts";

/**
 * ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] WITHSCORES: members and scores in a range.
 * @see https://redis.io/commands/zrange
 */
export const zrangeWithScores = defineClientCommand<
  (key: RedisKey, range: ZrangeRange) => { member: string; score: number }[]
>({
  name: "ZRANGE",
  encode: (key, range) => [key, ...encodeZrange(range), "WITHSCORES"],
  decode: asScoredMembers,
});
