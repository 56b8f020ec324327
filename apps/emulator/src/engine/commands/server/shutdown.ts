import { ERR, ReplyError } from "../../errors.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** `shutdownCommand`'s options: NOSAVE and SAVE exclude each other; ABORT stands alone. */
function parseShutdown(args: Args): undefined {
  const seen = new Set<string>();
  while (args.hasMore()) {
    const token = args.token();
    if (!["NOSAVE", "SAVE", "NOW", "FORCE", "ABORT"].includes(token)) {
      throw new ReplyError(ERR.SYNTAX);
    }
    seen.add(token);
  }
  if ((seen.has("NOSAVE") && seen.has("SAVE")) || (seen.has("ABORT") && seen.size > 1)) {
    throw new ReplyError(ERR.SYNTAX);
  }
  return undefined;
}

/**
 * SHUTDOWN [NOSAVE | SAVE] [NOW] [FORCE] [ABORT]: refused.
 *
 * Emulator difference: the engine lives inside the emulator process, which a client command must
 * not be able to stop; stop the emulator itself instead.
 * @see https://redis.io/commands/shutdown
 */
export const shutdown = defineCommand({
  name: "SHUTDOWN",
  group: "server",
  arity: -1,
  flags: ["admin", "noscript", "loading", "stale", "no_multi", "allow_busy"],
  since: "1.0.0",
  summary: "Synchronously saves the database(s) to disk and shuts down the Redis server.",
  complexity:
    "O(N) when saving, where N is the total number of keys in all databases when saving data, otherwise O(1)",
  parse: parseShutdown,
  run: () => {
    throw new ReplyError(ERR.SHUTDOWN_EMBEDDED);
  },
});
