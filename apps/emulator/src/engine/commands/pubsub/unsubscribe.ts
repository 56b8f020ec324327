import { confirmSubscriptions, unsubscribeEach } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * UNSUBSCRIBE [channel [channel ...]]: leaves the channels (all without arguments); one
 * `[unsubscribe, channel, count]` per channel, or `[unsubscribe, nil, count]` when there were none.
 * @see https://redis.io/commands/unsubscribe
 */
export const unsubscribe = defineCommand({
  name: "UNSUBSCRIBE",
  group: "pubsub",
  arity: -1,
  flags: ["pubsub", "noscript", "loading", "stale"],
  traits: ["subscription"],
  restRefusal: "stream",
  since: "2.0.0",
  summary: "Stops listening to messages posted to channels.",
  complexity: "O(N) where N is the number of channels to unsubscribe.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) =>
    confirmSubscriptions(
      ctx,
      "unsubscribe",
      unsubscribeEach(names, {
        current: () => [...ctx.session.channels],
        remove: (channel) => ctx.server.pubsub.unsubscribe(ctx.session, channel),
        count: () => ctx.session.subscriptionCount,
      }),
    ),
});
