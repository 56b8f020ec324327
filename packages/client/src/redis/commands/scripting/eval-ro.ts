import type { RestValue } from "@stratus/core/rest";
import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EVAL_RO script numkeys [key ...] [arg ...]: run a read-only Lua script.
 * @see https://redis.io/commands/eval_ro
 */
export const evalRo = defineClientCommand<
  (script: string, keys: readonly RedisKey[], args: readonly RedisArgument[]) => RestValue
>({
  name: "EVAL_RO",
  encode: (script, keys, args) => [script, keys.length, ...keys, ...args],
  decode: asRaw,
});
