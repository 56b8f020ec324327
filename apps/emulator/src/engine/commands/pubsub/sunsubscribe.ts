import { confirmSubscriptions, unsubscribeEach } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * SUNSUBSCRIBE [shardchannel [shardchannel ...]]: leaves shard channels (all without arguments).
 * @see https://redis.io/commands/sunsubscribe
 */
export const sunsubscribe = defineCommand({
  name: "SUNSUBSCRIBE",
  group: "pubsub",
  arity: -1,
  flags: ["pubsub", "noscript", "loading", "stale"],
  traits: ["subscription"],
  restRefusal: "stream",
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["not_key"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "7.0.0",
  summary: "Stops listening to messages posted to shard channels.",
  complexity: "O(N) where N is the number of shard channels to unsubscribe.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) => {
    const shard = ctx.server.shardChannels;
    return confirmSubscriptions(
      ctx,
      "sunsubscribe",
      unsubscribeEach(names, {
        current: () => [...ctx.session.shardChannels],
        remove: (channel) => shard.unsubscribe(ctx.session, channel),
        count: () => ctx.session.shardChannels.size,
      }),
    );
  },
});
