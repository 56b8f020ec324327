import type { RestValue } from "@stratus/core/rest";
import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * EVALSHA sha1 numkeys [key ...] [arg ...]: run a cached script.
 * @see https://redis.io/commands/evalsha
 */
export const evalsha = defineClientCommand<
  (sha1: string, keys: readonly RedisKey[], args: readonly RedisArgument[]) => RestValue
>({
  name: "EVALSHA",
  encode: (sha1, keys, args) => [sha1, keys.length, ...keys, ...args],
  decode: asRaw,
});
