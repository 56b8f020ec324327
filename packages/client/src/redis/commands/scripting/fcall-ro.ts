import type { RestValue } from "@stratus/core/rest";
import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FCALL_RO function numkeys [key ...] [arg ...]: call a function read-only.
 * @see https://redis.io/commands/fcall_ro
 */
export const fcallRo = defineClientCommand<
  (name: string, keys: readonly RedisKey[], args: readonly RedisArgument[]) => RestValue
>({
  name: "FCALL_RO",
  encode: (name, keys, args) => [name, keys.length, ...keys, ...args],
  decode: asRaw,
});
