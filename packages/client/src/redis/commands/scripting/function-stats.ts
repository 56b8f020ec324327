import type { RestValue } from "@stratus/core/rest";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION STATS: the running script and engines, raw.
 * @see https://redis.io/commands/function-stats
 */
export const functionStats = defineClientCommand<() => RestValue>({
  name: "FUNCTION STATS",
  encode: () => [],
  decode: asRaw,
});
