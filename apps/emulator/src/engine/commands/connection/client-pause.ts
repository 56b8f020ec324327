import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT PAUSE timeout [WRITE | ALL]: refused.
 *
 * Emulator difference: pausing needs the connections to hold back commands, which they cannot yet.
 * @see https://redis.io/commands/client-pause
 */
export const clientPause = defineCommand({
  name: "CLIENT|PAUSE",
  group: "connection",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "3.0.0",
  summary: "Suspends commands processing.",
  complexity: "O(1)",
  parse: (args) => {
    const timeout = parseIntegerArg(args.string());
    if (timeout === undefined) {
      throw new ReplyError(ERR.TIMEOUT_NOT_INTEGER);
    }
    if (timeout < 0) {
      throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
    }
    if (args.hasMore()) {
      const mode = args.token();
      if (mode !== "WRITE" && mode !== "ALL") {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return undefined;
  },
  run: () => {
    throw new ReplyError(ERR.CLIENT_UNSUPPORTED("PAUSE"));
  },
});
