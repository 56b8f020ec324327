import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PERSIST key: remove the TTL.
 * @see https://redis.io/commands/persist
 */
export const persist = defineClientCommand<(key: RedisKey) => boolean>({
  name: "PERSIST",
  encode: (key) => [key],
  decode: asBoolean,
});
