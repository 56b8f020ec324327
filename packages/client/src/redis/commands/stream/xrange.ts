import type { RedisKey } from "../../argv.ts";
import { defineClientCommand } from "../../define.ts";
import { asStreamEntries, type StreamEntry, type StreamRange } from "./stream-entry.ts";

/**
 * XRANGE key start end [COUNT count]: entries in an id range (all by default).
 * @see https://redis.io/commands/xrange
 */
export const xrange = defineClientCommand<(key: RedisKey, range?: StreamRange) => StreamEntry[]>({
  name: "XRANGE",
  encode: (key, range) => [
    key,
    range?.start ?? "-",
    range?.end ?? "+",
    ...(range?.count === undefined ? [] : ["COUNT", range.count]),
  ],
  decode: asStreamEntries,
});
