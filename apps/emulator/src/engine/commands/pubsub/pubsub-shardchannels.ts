import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PUBSUB SHARDCHANNELS [pattern]: shard channels with at least one subscriber.
 * @see https://redis.io/commands/pubsub-shardchannels
 */
export const pubsubShardchannels = defineCommand({
  name: "PUBSUB|SHARDCHANNELS",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "loading", "stale"],
  since: "7.0.0",
  summary: "Returns the active shard channels.",
  complexity:
    "O(N) where N is the number of active shard channels, and assuming constant time pattern matching (relatively short shard channels).",
  parse: (args) => {
    // More than one pattern: `addReplySubcommandSyntaxError` (src/pubsub.c), not a syntax error.
    if (args.remaining > 1) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(args.argv[1] ?? "", "PUBSUB"));
    }
    return { pattern: args.hasMore() ? args.string() : undefined };
  },
  run: (ctx, { pattern }) => reply.bulks(ctx.server.shardChannels.channels(pattern)),
});
