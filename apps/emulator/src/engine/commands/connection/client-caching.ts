import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT CACHING YES|NO: only meaningful in tracking mode, which the engine does not offer, so it
 * answers as Redis does for a client that is not tracking.
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
  parse: (args) => ({ mode: args.string() }),
  run: () => {
    throw new ReplyError(ERR.CLIENT_CACHING_WITHOUT_TRACKING);
  },
});
