import { reply } from "../../reply.ts";
import type { TrackingState } from "../../tracking.ts";
import { defineCommand, noArguments } from "../define.ts";

/** The `flags` set, in the order Redis lists them. */
function trackingFlags(state: TrackingState | undefined): string[] {
  if (state === undefined) {
    return ["off"];
  }
  const flags = ["on"];
  if (state.isBroadcast) {
    flags.push("bcast");
  }
  if (state.isOptIn) {
    flags.push("optin");
    if (state.isCachingGiven) {
      flags.push("caching-yes");
    }
  }
  if (state.isOptOut) {
    flags.push("optout");
    if (state.isCachingGiven) {
      flags.push("caching-no");
    }
  }
  if (state.isNoLoop) {
    flags.push("noloop");
  }
  if (state.isRedirectBroken) {
    flags.push("broken_redirect");
  }
  return flags;
}

/**
 * CLIENT TRACKINGINFO: the connection's tracking mode: `flags` (a set under RESP3), `redirect`
 * (-1 off, 0 none) and `prefixes`.
 * @see https://redis.io/commands/client-trackinginfo
 */
export const clientTrackinginfo = defineCommand({
  name: "CLIENT|TRACKINGINFO",
  group: "connection",
  arity: 2,
  resp3: "tracking-info",
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.2.0",
  summary: "Returns information about server-assisted client-side caching for the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    const state = ctx.session.tracking;
    return reply.array([
      reply.bulk("flags"),
      reply.bulks(trackingFlags(state)),
      reply.bulk("redirect"),
      reply.integer(state?.redirect ?? -1),
      reply.bulk("prefixes"),
      // Redis keeps them in a radix tree: byte order (binary strings compare by byte).
      reply.bulks([...(state?.prefixes ?? [])].sort()),
    ]);
  },
});
