import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RPUSH key element [element ...]: append elements; the new length.
 * @see https://redis.io/commands/rpush
 */
export const rpush = defineClientCommand<
  (key: RedisKey, ...elements: [RedisArgument, ...RedisArgument[]]) => number
>({
  name: "RPUSH",
  encode: (key, ...elements) => [key, ...elements],
  decode: asInteger,
});
