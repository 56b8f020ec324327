import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT UNBLOCK client-id [TIMEOUT | ERROR]: refused after validating its arguments.
 *
 * Emulator difference: blocked commands are held inside the engine, which does not let commands
 * release them yet.
 * @see https://redis.io/commands/client-unblock
 */
export const clientUnblock = defineCommand({
  name: "CLIENT|UNBLOCK",
  group: "connection",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "5.0.0",
  summary: "Unblocks a client blocked by a blocking command from a different connection.",
  complexity: "O(log N) where N is the number of client connections",
  parse: (args) => {
    args.bigInteger();
    if (args.hasMore()) {
      const reason = args.token();
      if (reason !== "TIMEOUT" && reason !== "ERROR") {
        throw new ReplyError(ERR.CLIENT_UNBLOCK_REASON);
      }
    }
    return undefined;
  },
  run: () => {
    throw new ReplyError(ERR.CLIENT_UNSUPPORTED("UNBLOCK"));
  },
});
