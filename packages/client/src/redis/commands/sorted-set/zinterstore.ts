import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZINTERSTORE destination numkeys key [key ...] [AGGREGATE SUM | MIN | MAX]: store an intersection; its size.
 * @see https://redis.io/commands/zinterstore
 */
export const zinterstore = defineClientCommand<
  (
    destination: RedisKey,
    keys: readonly [RedisKey, ...RedisKey[]],
    options?: { readonly aggregate?: "SUM" | "MIN" | "MAX" },
  ) => number
>({
  name: "ZINTERSTORE",
  encode: (destination, keys, options) => [
    destination,
    keys.length,
    ...keys,
    ...(options?.aggregate === undefined ? [] : ["AGGREGATE", options.aggregate]),
  ],
  decode: asInteger,
});
