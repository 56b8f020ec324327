import type { RestValue } from "@stratus/core/rest";
import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FCALL function numkeys [key ...] [arg ...]: call a library function.
 * @see https://redis.io/commands/fcall
 */
export const fcall = defineClientCommand<
  (name: string, keys: readonly RedisKey[], args: readonly RedisArgument[]) => RestValue
>({
  name: "FCALL",
  encode: (name, keys, args) => [name, keys.length, ...keys, ...args],
  decode: asRaw,
});
