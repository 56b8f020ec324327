import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZLEXCOUNT key min max: members in a lexicographic range (`[a`, `(b`, `-`, `+`).
 * @see https://redis.io/commands/zlexcount
 */
export const zlexcount = defineClientCommand<(key: RedisKey, min: string, max: string) => number>({
  name: "ZLEXCOUNT",
  encode: (key, min, max) => [key, min, max],
  decode: asInteger,
});
