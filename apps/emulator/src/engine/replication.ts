/**
 * WAIT and WAITAOF on a standalone engine: there are no replicas, so a request for any replica can
 * only end at its timeout, like a replica-less Redis (src/replication.c waitCommand).
 */
import type { Args } from "./commands/args.ts";
import type { CommandContext, CommandResult } from "./commands/context.ts";
import { ERR, ReplyError } from "./errors.ts";
import { parseIntegerArg } from "./numbers.ts";
import type { Reply } from "./reply.ts";

/** `getTimeoutFromObjectOrReply` for millisecond timeouts: a non-negative integer. */
export function parseTimeoutMs(args: Args): number {
  const timeout = parseIntegerArg(args.string());
  if (timeout === undefined) {
    throw new ReplyError(ERR.TIMEOUT_NOT_INTEGER);
  }
  if (timeout < 0) {
    throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
  }
  return Number(timeout);
}

/**
 * Answers `acknowledged` at once when no replica is wanted, else when the timeout passes (0 waits
 * forever; inside MULTI and scripts at once). No key can wake it.
 */
export function waitForReplicas(
  ctx: CommandContext,
  request: {
    readonly replicas: number | bigint;
    readonly timeoutMs: number;
    readonly acknowledged: Reply;
  },
): CommandResult {
  if (request.replicas <= 0) {
    return request.acknowledged;
  }
  return ctx.block({ keys: [], timeoutMs: request.timeoutMs, timeoutReply: request.acknowledged });
}
