import type { RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * OBJECT IDLETIME key: seconds since the last access, or null.
 * @see https://redis.io/commands/object-idletime
 */
export const objectIdletime = defineClientCommand<(key: RedisKey) => number | null>({
  name: "OBJECT IDLETIME",
  encode: (key) => [key],
  decode: asNullableInteger,
});
