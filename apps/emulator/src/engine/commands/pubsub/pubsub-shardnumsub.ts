import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PUBSUB SHARDNUMSUB [shardchannel [shardchannel ...]]: `[channel, subscribers, …]` for shard channels.
 * @see https://redis.io/commands/pubsub-shardnumsub
 */
export const pubsubShardnumsub = defineCommand({
  name: "PUBSUB|SHARDNUMSUB",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "loading", "stale"],
  since: "7.0.0",
  summary: "Returns the count of subscribers of shard channels.",
  complexity:
    "O(N) for the SHARDNUMSUB subcommand, where N is the number of requested shard channels",
  parse: (args) => ({ channels: args.rest() }),
  run: (ctx, { channels }) => {
    const shard = ctx.server.shardChannels;
    return reply.array(
      channels.flatMap((channel) => [
        reply.bulk(channel),
        reply.integer(shard.numberOfSubscribers(channel)),
      ]),
    );
  },
});
