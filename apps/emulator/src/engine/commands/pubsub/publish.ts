import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PUBLISH channel message: delivers the message to the channel's subscribers and matching pattern
 * subscribers; the number of receivers.
 * @see https://redis.io/commands/publish
 */
export const publish = defineCommand({
  name: "PUBLISH",
  group: "pubsub",
  arity: 3,
  flags: ["pubsub", "loading", "stale", "fast"],
  since: "2.0.0",
  summary: "Posts a message to a channel.",
  complexity:
    "O(N+M) where N is the number of clients subscribed to the receiving channel and M is the total number of subscribed patterns (by any client).",
  parse: (args) => ({ channel: args.string(), message: args.string() }),
  run: (ctx, { channel, message }) => reply.integer(ctx.server.pubsub.publish(channel, message)),
});
