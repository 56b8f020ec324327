import type { RedisKey } from "../../argv.ts";
import { asScoredMembers } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZPOPMIN key [count]: remove and return the lowest-scored members.
 * @see https://redis.io/commands/zpopmin
 */
export const zpopmin = defineClientCommand<
  (key: RedisKey, count?: number) => { member: string; score: number }[]
>({
  name: "ZPOPMIN",
  encode: (key, count) => (count === undefined ? [key] : [key, count]),
  decode: asScoredMembers,
});
