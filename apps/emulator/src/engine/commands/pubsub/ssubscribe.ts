import { confirmSubscriptions } from "../../subscriptions.ts";
import { defineCommand } from "../define.ts";

/**
 * SSUBSCRIBE shardchannel [shardchannel ...]: subscribes to shard channels, a namespace apart from
 * SUBSCRIBE's (see `shard-channels.ts`); `count` is the number of shard channels.
 * @see https://redis.io/commands/ssubscribe
 */
export const ssubscribe = defineCommand({
  name: "SSUBSCRIBE",
  group: "pubsub",
  arity: -2,
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
  summary: "Listens for messages published to shard channels.",
  complexity: "O(N) where N is the number of shard channels to subscribe to.",
  parse: (args) => ({ names: args.rest() }),
  run: (ctx, { names }) => {
    const shard = ctx.server.shardChannels;
    return confirmSubscriptions(
      ctx,
      "ssubscribe",
      names.map((channel) => {
        shard.subscribe(ctx.session, channel);
        return { channel, count: ctx.session.shardChannels.size };
      }),
    );
  },
});
