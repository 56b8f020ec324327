import { confirmSubscriptions, unsubscribeEach } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * PUNSUBSCRIBE [pattern [pattern ...]]: leaves the patterns (all without arguments), confirming
 * each like UNSUBSCRIBE.
 * @see https://redis.io/commands/punsubscribe
 */
export const punsubscribe = defineCommand({
  name: "PUNSUBSCRIBE",
  group: "pubsub",
  arity: -1,
  flags: ["pubsub", "noscript", "loading", "stale"],
  traits: ["subscription"],
  restRefusal: "stream",
  since: "2.0.0",
  summary: "Stops listening to messages published to channels that match one or more patterns.",
  complexity: "O(N) where N is the number of patterns to unsubscribe.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) =>
    confirmSubscriptions(
      ctx,
      "punsubscribe",
      unsubscribeEach(names, {
        current: () => [...ctx.session.patterns],
        remove: (pattern) => ctx.server.pubsub.punsubscribe(ctx.session, pattern),
        count: () => ctx.session.subscriptionCount,
      }),
    ),
});
