import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZDIFFSTORE destination numkeys key [key ...]: store a difference; its size.
 * @see https://redis.io/commands/zdiffstore
 */
export const zdiffstore = defineClientCommand<
  (destination: RedisKey, ...keys: [RedisKey, ...RedisKey[]]) => number
>({
  name: "ZDIFFSTORE",
  encode: (destination, ...keys) => [destination, keys.length, ...keys],
  decode: asInteger,
});
