import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT CACHING YES|NO: in OPTIN mode, track the keys of the next command (YES); in OPTOUT mode,
 * do not (NO). The choice holds for the next command, or for a whole MULTI…EXEC.
 * @see https://redis.io/commands/client-caching
 */
export const clientCaching = defineCommand({
  name: "CLIENT|CACHING",
  group: "connection",
  arity: 3,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.0.0",
  summary: "Instructs the server whether to track the keys in the next request.",
  complexity: "O(1)",
  parse: (args) => ({ mode: asciiUpper(args.string()) }),
  run: (ctx, { mode }) => {
    const state = ctx.session.tracking;
    if (state === undefined) {
      throw new ReplyError(ERR.CLIENT_CACHING_WITHOUT_TRACKING);
    }
    if (mode === "YES") {
      if (!state.isOptIn) {
        throw new ReplyError(ERR.CACHING_YES_WITHOUT_OPTIN);
      }
    } else if (mode === "NO") {
      if (!state.isOptOut) {
        throw new ReplyError(ERR.CACHING_NO_WITHOUT_OPTOUT);
      }
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
    state.isCachingGiven = true;
    return reply.ok();
  },
});
