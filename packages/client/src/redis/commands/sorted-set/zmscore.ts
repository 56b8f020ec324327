import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableFloatArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZMSCORE key member [member ...]: the scores, null where absent.
 * @see https://redis.io/commands/zmscore
 */
export const zmscore = defineClientCommand<
  (key: RedisKey, ...members: [RedisArgument, ...RedisArgument[]]) => (number | null)[]
>({
  name: "ZMSCORE",
  encode: (key, ...members) => [key, ...members],
  decode: asNullableFloatArray,
});
