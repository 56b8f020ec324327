import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RPUSHX key element [element ...]: append if the list exists.
 * @see https://redis.io/commands/rpushx
 */
export const rpushx = defineClientCommand<
  (key: RedisKey, ...elements: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "RPUSHX",
  encode: (key, ...elements) => [key, ...elements],
  decode: asInteger,
});
