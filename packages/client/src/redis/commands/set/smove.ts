import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SMOVE source destination member: move a member between sets.
 * @see https://redis.io/commands/smove
 */
export const smove = defineClientCommand<
  (source: RedisKey, destination: RedisKey, member: RedisArgument) => boolean
>({
  name: "SMOVE",
  encode: (source, destination, member) => [source, destination, member],
  decode: asBoolean,
});
