import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PFCOUNT key [key ...]: the estimated cardinality of the union.
 * @see https://redis.io/commands/pfcount
 */
export const pfcount = defineClientCommand<(...keys: [RedisKey, ...RedisKey[]]) => number>({
  name: "PFCOUNT",
  encode: (...keys) => keys,
  decode: asInteger,
});
