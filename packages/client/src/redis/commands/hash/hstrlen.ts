import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HSTRLEN key field: the length of a field's value.
 * @see https://redis.io/commands/hstrlen
 */
export const hstrlen = defineClientCommand<(key: RedisKey, field: RedisArgument) => number>({
  name: "HSTRLEN",
  encode: (key, field) => [key, field],
  decode: asInteger,
});
