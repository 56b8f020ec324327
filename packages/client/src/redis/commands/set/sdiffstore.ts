import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SDIFFSTORE destination key [key ...]: store a difference; its size.
 * @see https://redis.io/commands/sdiffstore
 */
export const sdiffstore = defineClientCommand<
  (destination: RedisKey, ...keys: [RedisKey, ...RedisKey[]]) => number
>({
  name: "SDIFFSTORE",
  encode: (destination, ...keys) => [destination, ...keys],
  decode: asInteger,
});
