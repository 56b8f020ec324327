import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeZrange, type ZrangeRange } from "./zrange.ts";

/**
 * ZRANGESTORE destination source start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count]: store a range; its size.
 * @see https://redis.io/commands/zrangestore
 */
export const zrangestore = defineClientCommand<
  (destination: RedisKey, source: RedisKey, range: ZrangeRange) => number
>({
  name: "ZRANGESTORE",
  encode: (destination, source, range) => [destination, source, ...encodeZrange(range)],
  decode: asInteger,
});
