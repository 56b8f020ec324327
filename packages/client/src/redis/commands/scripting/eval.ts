import type { RestValue } from "@stratus/core/rest";
import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EVAL script numkeys [key ...] [arg ...]: run a Lua script; its raw reply.
 * @see https://redis.io/commands/eval
 */
export const evalScript = defineClientCommand<
  (script: string, keys: readonly RedisKey[], args: readonly RedisArgument[]) => RestValue
>({
  name: "EVAL",
  encode: (script, keys, args) => [script, keys.length, ...keys, ...args],
  decode: asRaw,
});
