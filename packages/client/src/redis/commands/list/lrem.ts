import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LREM key count element: remove occurrences of an element.
 * @see https://redis.io/commands/lrem
 */
export const lrem = defineClientCommand<
  (key: RedisKey, count: number, element: RedisArgument) => number
>({
  name: "LREM",
  encode: (key, count, element) => [key, count, element],
  decode: asInteger,
});
