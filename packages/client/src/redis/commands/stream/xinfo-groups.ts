import type { RestValue } from "@stratus/core/rest";
import type { RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XINFO GROUPS key: the consumer groups, raw.
 * @see https://redis.io/commands/xinfo-groups
 */
export const xinfoGroups = defineClientCommand<(key: RedisKey) => RestValue>({
  name: "XINFO GROUPS",
  encode: (key) => [key],
  decode: asRaw,
});
