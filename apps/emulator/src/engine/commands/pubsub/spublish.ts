import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SPUBLISH shardchannel message: delivers `[smessage, channel, message]` to the shard channel's
 * subscribers (not to SUBSCRIBE or PSUBSCRIBE clients); the number of receivers.
 * @see https://redis.io/commands/spublish
 */
export const spublish = defineCommand({
  name: "SPUBLISH",
  group: "pubsub",
  arity: 3,
  flags: ["pubsub", "loading", "stale", "fast"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["not_key"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "7.0.0",
  summary: "Post a message to a shard channel",
  complexity: "O(N) where N is the number of clients subscribed to the receiving shard channel.",
  parse: (args) => ({ channel: args.string(), message: args.string() }),
  run: (ctx, { channel, message }) =>
    reply.integer(ctx.server.shardChannels.publish(channel, message)),
});
