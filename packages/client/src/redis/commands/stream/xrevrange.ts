import type { RedisKey } from "../../argv.ts";
import { defineClientCommand } from "../../define.ts";
import { asStreamEntries, type StreamEntry, type StreamRange } from "./stream-entry.ts";

/**
 * XREVRANGE key end start [COUNT count]: entries in an id range, newest first.
 * @see https://redis.io/commands/xrevrange
 */
export const xrevrange = defineClientCommand<(key: RedisKey, range?: StreamRange) => StreamEntry[]>(
  {
    name: "XREVRANGE",
    encode: (key, range) => [
      key,
      range?.end ?? "+",
      range?.start ?? "-",
      ...(range?.count === undefined ? [] : ["COUNT", range.count]),
    ],
    decode: asStreamEntries,
  },
);
