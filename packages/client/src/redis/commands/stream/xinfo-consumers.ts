import type { RestValue } from "@stratus/core/rest";
import type { RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XINFO CONSUMERS key group: a group's consumers, raw.
 * @see https://redis.io/commands/xinfo-consumers
 */
export const xinfoConsumers = defineClientCommand<(key: RedisKey, group: string) => RestValue>({
  name: "XINFO CONSUMERS",
  encode: (key, group) => [key, group],
  decode: asRaw,
});
