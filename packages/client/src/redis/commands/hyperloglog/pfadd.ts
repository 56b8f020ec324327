import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PFADD key [element ...]: add elements; whether the estimate changed.
 * @see https://redis.io/commands/pfadd
 */
export const pfadd = defineClientCommand<(key: RedisKey, ...elements: RedisArgument[]) => boolean>({
  name: "PFADD",
  encode: (key, ...elements) => [key, ...elements],
  decode: asBoolean,
});
