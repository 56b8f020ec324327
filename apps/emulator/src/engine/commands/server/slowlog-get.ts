import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** The optional count: an integer ≥ -1 (-1 means all), else Redis's single error text. */
function parseCount(args: Args): undefined {
  if (args.hasMore()) {
    const count = parseIntegerArg(args.string());
    if (count === undefined || count < -1) {
      throw new ReplyError(ERR.SLOWLOG_COUNT);
    }
  }
  return undefined;
}

/**
 * SLOWLOG GET [count]: the newest entries, each `[id, time, µs, argv, client address, name]`.
 *
 * Emulator difference: commands are not timed, so the slow log is always empty.
 * @see https://redis.io/commands/slowlog-get
 */
export const slowlogGet = defineCommand({
  name: "SLOWLOG|GET",
  group: "server",
  arity: -2,
  flags: ["admin", "loading", "stale"],
  since: "2.2.12",
  summary: "Returns the slow log's entries.",
  complexity: "O(N) where N is the number of entries returned",
  parse: parseCount,
  run: () => reply.array([]),
});
