import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT TRACKING ON|OFF [REDIRECT client-id] [PREFIX prefix [PREFIX prefix ...]] [BCAST] [OPTIN]
 * [OPTOUT] [NOLOOP]: OFF is the current state, so it answers OK.
 *
 * Emulator difference: ON is refused; the engine sends no invalidation messages.
 * @see https://redis.io/commands/client-tracking
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
  parse: (args) => {
    const mode = args.token();
    if (mode !== "ON" && mode !== "OFF") {
      throw new ReplyError(ERR.SYNTAX);
    }
    while (args.hasMore()) {
      const option = args.token();
      if ((option === "REDIRECT" || option === "PREFIX") && args.hasMore()) {
        args.string();
      } else if (
        option !== "BCAST" &&
        option !== "OPTIN" &&
        option !== "OPTOUT" &&
        option !== "NOLOOP"
      ) {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return { isOn: mode === "ON" };
  },
  run: (_ctx, { isOn }) => {
    if (isOn) {
      throw new ReplyError(ERR.CLIENT_UNSUPPORTED("TRACKING"));
    }
    return reply.ok();
  },
});
