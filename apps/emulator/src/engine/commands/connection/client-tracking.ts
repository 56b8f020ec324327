import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Session } from "../../session.ts";
import type { TrackingRequest } from "../../tracking.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/**
 * The options, read in Redis's order: each is checked as it comes (a second REDIRECT, a REDIRECT
 * that is no integer or names no client), then ON/OFF, then how the options combine.
 */
function readOptions(ctx: CommandContext, options: readonly string[]): TrackingRequest {
  let redirect = 0;
  const flags = new Set<string>();
  const prefixes: string[] = [];
  for (let index = 0; index < options.length; index++) {
    const option = asciiUpper(options[index] ?? "");
    const hasValue = index + 1 < options.length;
    if (option === "REDIRECT" && hasValue) {
      index++;
      if (redirect !== 0) {
        throw new ReplyError(ERR.TRACKING_ONE_REDIRECT);
      }
      const id = parseIntegerArg(options[index] ?? "");
      if (id === undefined) {
        throw new ReplyError(ERR.NOT_INTEGER);
      }
      redirect = Number(id);
      if (ctx.server.session(redirect) === undefined) {
        throw new ReplyError(ERR.TRACKING_NO_REDIRECT_TARGET);
      }
    } else if (option === "PREFIX" && hasValue) {
      index++;
      prefixes.push(options[index] ?? "");
    } else if (["BCAST", "OPTIN", "OPTOUT", "NOLOOP"].includes(option)) {
      flags.add(option);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return {
    redirect,
    isBroadcast: flags.has("BCAST"),
    isOptIn: flags.has("OPTIN"),
    isOptOut: flags.has("OPTOUT"),
    isNoLoop: flags.has("NOLOOP"),
    prefixes,
  };
}

/** The checks `CLIENT TRACKING on` makes before it enables anything, in Redis's order. */
function checkCombination(session: Session, request: TrackingRequest): void {
  if (!request.isBroadcast && request.prefixes.length > 0) {
    throw new ReplyError(ERR.TRACKING_PREFIX_WITHOUT_BCAST);
  }
  const current = session.tracking;
  if (current !== undefined && current.isBroadcast !== request.isBroadcast) {
    throw new ReplyError(ERR.TRACKING_BCAST_SWITCH);
  }
  if (request.isBroadcast && (request.isOptIn || request.isOptOut)) {
    throw new ReplyError(ERR.TRACKING_OPT_WITH_BCAST);
  }
  if (request.isOptIn && request.isOptOut) {
    throw new ReplyError(ERR.TRACKING_OPTIN_AND_OPTOUT);
  }
  if (
    (request.isOptIn && current?.isOptOut === true) ||
    (request.isOptOut && current?.isOptIn === true)
  ) {
    throw new ReplyError(ERR.TRACKING_OPT_SWITCH);
  }
  if (request.isBroadcast) {
    checkPrefixCollisions(request.prefixes, current?.prefixes ?? new Set());
  }
}

/** `checkPrefixCollisionsOrReply`: no prefix of a client may be a prefix of another of its own. */
function checkPrefixCollisions(prefixes: readonly string[], existing: ReadonlySet<string>): void {
  const overlaps = (a: string, b: string): boolean => a.startsWith(b) || b.startsWith(a);
  for (const [index, prefix] of prefixes.entries()) {
    for (const other of existing) {
      if (overlaps(other, prefix)) {
        throw new ReplyError(ERR.TRACKING_PREFIX_OVERLAPS_EXISTING(prefix, other));
      }
    }
    for (const other of prefixes.slice(index + 1)) {
      if (overlaps(prefix, other)) {
        throw new ReplyError(ERR.TRACKING_PREFIX_OVERLAPS_GIVEN(prefix, other));
      }
    }
  }
}

/**
 * CLIENT TRACKING ON|OFF [REDIRECT client-id] [PREFIX prefix [PREFIX prefix ...]] [BCAST] [OPTIN]
 * [OPTOUT] [NOLOOP]: server-assisted client-side caching (src/tracking.c). The keys a tracking
 * client reads are remembered; when one changes (any client, REST, a script, expiry, FLUSHDB) the
 * client is told: a RESP3 push `invalidate`, or a message on `__redis__:invalidate` to a RESP2
 * redirect target that is subscribed.
 * @see https://redis.io/docs/latest/develop/reference/client-side-caching/
 */
export const clientTracking = defineCommand({
  name: "CLIENT|TRACKING",
  group: "connection",
  arity: -3,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.0.0",
  summary: "Controls server-assisted client-side caching for the connection.",
  complexity: "O(1). Some options may introduce additional complexity.",
  parse: (args) => ({ mode: args.string(), options: args.rest() }),
  run: (ctx, { mode, options }) => {
    const request = readOptions(ctx, options);
    const { session } = ctx;
    switch (asciiUpper(mode)) {
      case "ON":
        checkCombination(session, request);
        ctx.server.tracking.enable(session, request);
        break;
      case "OFF":
        ctx.server.tracking.disable(session);
        break;
      default:
        throw new ReplyError(ERR.SYNTAX);
    }
    return reply.ok();
  },
});
