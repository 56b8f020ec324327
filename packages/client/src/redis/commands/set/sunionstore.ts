import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SUNIONSTORE destination key [key ...]: store a union; its size.
 * @see https://redis.io/commands/sunionstore
 */
export const sunionstore = defineClientCommand<
  (destination: RedisKey, ...keys: [RedisKey, ...RedisKey[]]) => number
>({
  name: "SUNIONSTORE",
  encode: (destination, ...keys) => [destination, ...keys],
  decode: asInteger,
});
