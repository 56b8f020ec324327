import type { RedisKey } from "../../argv.ts";
import { asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * OBJECT REFCOUNT key: the reference count, or null.
 * @see https://redis.io/commands/object-refcount
 */
export const objectRefcount = defineClientCommand<(key: RedisKey) => number | null>({
  name: "OBJECT REFCOUNT",
  encode: (key) => [key],
  decode: asNullableInteger,
});
