import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LSET key index element: set the element at index.
 * @see https://redis.io/commands/lset
 */
export const lset = defineClientCommand<
  (key: RedisKey, index: number, element: RedisArgument) => "OK"
>({
  name: "LSET",
  encode: (key, index, element) => [key, index, element],
  decode: asOk,
});
