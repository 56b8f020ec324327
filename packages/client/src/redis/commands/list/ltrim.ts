import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LTRIM key start stop: keep only a range of elements.
 * @see https://redis.io/commands/ltrim
 */
export const ltrim = defineClientCommand<(key: RedisKey, start: number, stop: number) => "OK">({
  name: "LTRIM",
  encode: (key, start, stop) => [key, start, stop],
  decode: asOk,
});
