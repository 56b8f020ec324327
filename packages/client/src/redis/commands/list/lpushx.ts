import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LPUSHX key element [element ...]: prepend if the list exists.
 * @see https://redis.io/commands/lpushx
 */
export const lpushx = defineClientCommand<
  (key: RedisKey, ...elements: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "LPUSHX",
  encode: (key, ...elements) => [key, ...elements],
  decode: asInteger,
});
