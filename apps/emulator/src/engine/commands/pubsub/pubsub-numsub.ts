import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PUBSUB NUMSUB [channel [channel ...]]: `[channel, subscribers, …]` (pattern subscriptions aside).
 * @see https://redis.io/commands/pubsub-numsub
 */
export const pubsubNumsub = defineCommand({
  name: "PUBSUB|NUMSUB",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "loading", "stale"],
  since: "2.8.0",
  summary: "Returns a count of subscribers to channels.",
  complexity: "O(N) for the NUMSUB subcommand, where N is the number of requested channels",
  parse: (args) => ({ channels: args.rest() }),
  run: (ctx, { channels }) =>
    reply.array(
      channels.flatMap((channel) => [
        reply.bulk(channel),
        reply.integer(ctx.server.pubsub.numberOfSubscribers(channel)),
      ]),
    ),
});
