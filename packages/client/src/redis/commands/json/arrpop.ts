import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asJson } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.ARRPOP key [path [index]]: remove and return array elements, parsed.
 * @see https://redis.io/docs/latest/commands/json.arrpop
 */
export const jsonArrpop = defineClientCommand<
  (key: RedisKey, path?: string, index?: number) => unknown[]
>({
  name: "JSON.ARRPOP",
  encode: (key, path, index) => [key, path ?? "$", ...(index === undefined ? [] : [index])],
  decode: asArrayOf(asJson),
});
