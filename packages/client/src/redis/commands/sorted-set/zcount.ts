import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZCOUNT key min max: members with a score in a range (`(1`, `-inf` allowed).
 * @see https://redis.io/commands/zcount
 */
export const zcount = defineClientCommand<
  (key: RedisKey, min: number | string, max: number | string) => number
>({
  name: "ZCOUNT",
  encode: (key, min, max) => [key, min, max],
  decode: asInteger,
});
