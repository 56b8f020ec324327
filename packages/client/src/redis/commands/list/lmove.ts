import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LMOVE source destination LEFT | RIGHT LEFT | RIGHT: move an element between lists.
 * @see https://redis.io/commands/lmove
 */
export const lmove = defineClientCommand<
  (
    source: RedisKey,
    destination: RedisKey,
    ends: { readonly from: "LEFT" | "RIGHT"; readonly to: "LEFT" | "RIGHT" },
  ) => string | null
>({
  name: "LMOVE",
  encode: (source, destination, { from, to }) => [source, destination, from, to],
  decode: asNullableText,
});
