import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SINTERSTORE destination key [key ...]: store an intersection; its size.
 * @see https://redis.io/commands/sinterstore
 */
export const sinterstore = defineClientCommand<
  (destination: RedisKey, ...keys: [RedisKey, ...RedisKey[]]) => number
>({
  name: "SINTERSTORE",
  encode: (destination, ...keys) => [destination, ...keys],
  decode: asInteger,
});
