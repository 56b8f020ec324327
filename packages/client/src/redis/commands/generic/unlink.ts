import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * UNLINK key [key ...]: delete keys asynchronously; how many existed.
 * @see https://redis.io/commands/unlink
 */
export const unlink = defineClientCommand<(...keys: RedisKey[]) => number>({
  name: "UNLINK",
  encode: (...keys) => keys,
  decode: asInteger,
});
