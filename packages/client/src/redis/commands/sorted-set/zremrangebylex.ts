import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZREMRANGEBYLEX key min max: remove members in a lexicographic range.
 * @see https://redis.io/commands/zremrangebylex
 */
export const zremrangebylex = defineClientCommand<
  (key: RedisKey, min: string, max: string) => number
>({
  name: "ZREMRANGEBYLEX",
  encode: (key, min, max) => [key, min, max],
  decode: asInteger,
});
