import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LPUSH key element [element ...]: prepend elements; the new length.
 * @see https://redis.io/commands/lpush
 */
export const lpush = defineClientCommand<
  (key: RedisKey, ...elements: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "LPUSH",
  encode: (key, ...elements) => [key, ...elements],
  decode: asInteger,
});
