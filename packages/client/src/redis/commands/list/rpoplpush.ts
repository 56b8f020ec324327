import type { RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RPOPLPUSH source destination: move the last element to the head of another list.
 * @see https://redis.io/commands/rpoplpush
 */
export const rpoplpush = defineClientCommand<
  (source: RedisKey, destination: RedisKey) => string | null
>({
  name: "RPOPLPUSH",
  encode: (source, destination) => [source, destination],
  decode: asNullableText,
});
