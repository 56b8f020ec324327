import type { RedisKey } from "../../argv.ts";
import { asScoredMembers } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZPOPMAX key [count]: remove and return the highest-scored members.
 * @see https://redis.io/commands/zpopmax
 */
export const zpopmax = defineClientCommand<
  (key: RedisKey, count?: number) => { member: string; score: number }[]
>({
  name: "ZPOPMAX",
  encode: (key, count) => (count === undefined ? [key] : [key, count]),
  decode: asScoredMembers,
});
