import { confirmSubscriptions } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * PSUBSCRIBE pattern [pattern ...]: subscribes the connection to glob patterns; one
 * `[psubscribe, pattern, count]` confirmation per pattern.
 * @see https://redis.io/commands/psubscribe
 */
export const psubscribe = defineCommand({
  name: "PSUBSCRIBE",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "noscript", "loading", "stale"],
  traits: ["subscription"],
  restRefusal: "stream",
  since: "2.0.0",
  summary: "Listens for messages published to channels that match one or more patterns.",
  complexity: "O(N) where N is the number of patterns to subscribe to.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) =>
    confirmSubscriptions(
      ctx,
      "psubscribe",
      names.map((pattern) => {
        ctx.server.pubsub.psubscribe(ctx.session, pattern);
        return { channel: pattern, count: ctx.session.subscriptionCount };
      }),
    ),
});
