import type { RestValue } from "@stratus/core/rest";
import type { RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XAUTOCLAIM key group consumer min-idle-time start [COUNT count]: claim idle entries, raw.
 * @see https://redis.io/commands/xautoclaim
 */
export const xautoclaim = defineClientCommand<
  (
    key: RedisKey,
    claim: {
      readonly group: string;
      readonly consumer: string;
      readonly minIdleMs: number;
      readonly start?: string;
    },
    count?: number,
  ) => RestValue
>({
  name: "XAUTOCLAIM",
  encode: (key, claim, count) => [
    key,
    claim.group,
    claim.consumer,
    claim.minIdleMs,
    claim.start ?? "0-0",
    ...(count === undefined ? [] : ["COUNT", count]),
  ],
  decode: asRaw,
});
