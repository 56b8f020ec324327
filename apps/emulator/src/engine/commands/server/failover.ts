import { ERR, ReplyError } from "../../errors.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** `failoverCommand`'s options: each once; TO needs host and port, TIMEOUT a positive integer. */
function parseFailover(args: Args): undefined {
  let hasTarget = false;
  let hasTimeout = false;
  let isForced = false;
  let isAbort = false;
  while (args.hasMore()) {
    const token = args.token();
    if (token === "TO" && !hasTarget && args.remaining >= 2) {
      args.string();
      args.integer();
      hasTarget = true;
    } else if (token === "TIMEOUT" && !hasTimeout && args.hasMore()) {
      if (args.bigInteger() <= 0) {
        throw new ReplyError(ERR.FAILOVER_TIMEOUT);
      }
      hasTimeout = true;
    } else if (token === "FORCE" && !isForced) {
      isForced = true;
    } else if (token === "ABORT" && !isAbort) {
      isAbort = true;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (isAbort) {
    throw new ReplyError(
      isForced || hasTimeout || hasTarget ? ERR.FAILOVER_ABORT_ALONE : ERR.FAILOVER_NOT_IN_PROGRESS,
    );
  }
  if (isForced && !(hasTimeout && hasTarget)) {
    throw new ReplyError(ERR.FAILOVER_FORCE);
  }
  return undefined;
}

/**
 * FAILOVER [TO host port [FORCE]] [ABORT] [TIMEOUT milliseconds]: hands the master role to a replica;
 * the engine never has one, so it answers as a replica-less Redis master does.
 * @see https://redis.io/commands/failover
 */
export const failover = defineCommand({
  name: "FAILOVER",
  group: "server",
  arity: -1,
  flags: ["admin", "noscript", "stale"],
  since: "6.2.0",
  summary: "Starts a coordinated failover from a server to one of its replicas.",
  complexity: "O(1)",
  parse: parseFailover,
  run: () => {
    throw new ReplyError(ERR.FAILOVER_NO_REPLICAS);
  },
});
