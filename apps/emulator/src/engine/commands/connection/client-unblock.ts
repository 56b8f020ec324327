import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT UNBLOCK client-id [TIMEOUT | ERROR]: ends another client's blocking command (BLPOP,
 * XREAD BLOCK, WAIT-free blocking commands) now, as if it timed out (TIMEOUT, the default) or with
 * `-UNBLOCKED client unblocked via CLIENT UNBLOCK` (ERROR). 1 when it was blocked, else 0. The
 * reason is checked before the id, as Redis does.
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
    const id = args.string();
    const reason = args.hasMore() ? asciiUpper(args.string()) : "TIMEOUT";
    if (args.hasMore()) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX("unblock", "CLIENT"));
    }
    if (reason !== "TIMEOUT" && reason !== "ERROR") {
      throw new ReplyError(ERR.CLIENT_UNBLOCK_REASON);
    }
    const clientId = parseIntegerArg(id);
    if (clientId === undefined) {
      throw new ReplyError(ERR.NOT_INTEGER);
    }
    return { id: Number(clientId), isError: reason === "ERROR" };
  },
  run: (ctx, { id, isError }) => {
    const unblocked = ctx.server.unblock(id, isError ? { error: ERR.UNBLOCKED } : {});
    return reply.integer(unblocked ? 1 : 0);
  },
});
