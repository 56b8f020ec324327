import type { RestValue } from "@stratus/core/rest";
import type { RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XPENDING key group: the pending summary, raw (`[count, first, last, consumers]`).
 * @see https://redis.io/commands/xpending
 */
export const xpending = defineClientCommand<(key: RedisKey, group: string) => RestValue>({
  name: "XPENDING",
  encode: (key, group) => [key, group],
  decode: asRaw,
});
