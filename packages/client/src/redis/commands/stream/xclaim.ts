import type { RedisKey } from "../../argv.ts";
import { defineClientCommand } from "../../define.ts";
import { asStreamEntries, type StreamEntry } from "./stream-entry.ts";

/**
 * XCLAIM key group consumer min-idle-time id [id ...]: claim pending entries.
 * @see https://redis.io/commands/xclaim
 */
export const xclaim = defineClientCommand<
  (
    key: RedisKey,
    claim: { readonly group: string; readonly consumer: string; readonly minIdleMs: number },
    ids: readonly [string, ...string[]],
  ) => StreamEntry[]
>({
  name: "XCLAIM",
  encode: (key, claim, ids) => [key, claim.group, claim.consumer, claim.minIdleMs, ...ids],
  decode: asStreamEntries,
});
