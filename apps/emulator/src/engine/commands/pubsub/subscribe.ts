import { confirmSubscriptions } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * SUBSCRIBE channel [channel ...]: subscribes the connection; one `[subscribe, channel, count]`
 * confirmation per channel (see `subscriptions.ts`), `count` being channels plus patterns.
 * @see https://redis.io/commands/subscribe
 */
export const subscribe = defineCommand({
  name: "SUBSCRIBE",
  group: "pubsub",
  arity: -2,
  flags: ["pubsub", "noscript", "loading", "stale"],
  traits: ["subscription"],
  restRefusal: "stream",
  since: "2.0.0",
  summary: "Listens for messages published to channels.",
  complexity: "O(N) where N is the number of channels to subscribe to.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) =>
    confirmSubscriptions(
      ctx,
      "subscribe",
      names.map((channel) => {
        ctx.server.pubsub.subscribe(ctx.session, channel);
        return { channel, count: ctx.session.subscriptionCount };
      }),
    ),
});
