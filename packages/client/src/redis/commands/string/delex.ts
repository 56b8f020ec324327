import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DELEX key [IFEQ value | IFNE value | IFDEQ digest | IFDNE digest]: delete a key, optionally only if its value (or digest) matches.
 * @see https://redis.io/commands/delex
 */
export const delex = defineClientCommand<
  (
    key: RedisKey,
    condition?: {
      readonly kind: "IFEQ" | "IFNE" | "IFDEQ" | "IFDNE";
      readonly value: RedisArgument;
    },
  ) => boolean
>({
  name: "DELEX",
  encode: (key, condition) =>
    condition === undefined ? [key] : [key, condition.kind, condition.value],
  decode: asBoolean,
});
