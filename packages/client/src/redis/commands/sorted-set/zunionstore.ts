import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZUNIONSTORE destination numkeys key [key ...] [AGGREGATE SUM | MIN | MAX]: store a union; its size.
 * @see https://redis.io/commands/zunionstore
 */
export const zunionstore = defineClientCommand<
  (
    destination: RedisKey,
    keys: readonly [RedisKey, ...RedisKey[]],
    options?: { readonly aggregate?: "SUM" | "MIN" | "MAX" },
  ) => number
>({
  name: "ZUNIONSTORE",
  encode: (destination, keys, options) => [
    destination,
    keys.length,
    ...keys,
    ...(options?.aggregate === undefined ? [] : ["AGGREGATE", options.aggregate]),
  ],
  decode: asInteger,
});
