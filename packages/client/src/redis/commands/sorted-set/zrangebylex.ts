import type { RedisKey } from "../../argv.ts";
import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZRANGEBYLEX key min max: members in a lexicographic range (prefer ZRANGE … BYLEX).
 * @see https://redis.io/commands/zrangebylex
 */
export const zrangebylex = defineClientCommand<
  (key: RedisKey, min: string, max: string) => string[]
>({
  name: "ZRANGEBYLEX",
  encode: (key, min, max) => [key, min, max],
  decode: asTextArray,
});
