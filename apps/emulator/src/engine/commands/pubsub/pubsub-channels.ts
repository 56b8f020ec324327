import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PUBSUB CHANNELS [pattern]: channels with at least one subscriber (pattern subscriptions aside).
 * @see https://redis.io/commands/pubsub-channels
 */
export const pubsubChannels = defineCommand({
  name: "PUBSUB|CHANNELS",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "loading", "stale"],
  since: "2.8.0",
  summary: "Returns the active channels.",
  complexity:
    "O(N) where N is the number of active channels, and assuming constant time pattern matching (relatively short channels and patterns)",
  parse: (args) => {
    // More than one pattern: `addReplySubcommandSyntaxError` (src/pubsub.c), not a syntax error.
    if (args.remaining > 1) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(args.argv[1] ?? "", "PUBSUB"));
    }
    return { pattern: args.hasMore() ? args.string() : undefined };
  },
  run: (ctx, { pattern }) => reply.bulks(ctx.server.pubsub.channels(pattern)),
});
