import type { RedisKey } from "../../argv.ts";
import { asTextRecord } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HGETALL key: every field and value, as a record ({} when absent).
 * @see https://redis.io/commands/hgetall
 */
export const hgetall = defineClientCommand<(key: RedisKey) => Record<string, string>>({
  name: "HGETALL",
  encode: (key) => [key],
  decode: asTextRecord,
});
