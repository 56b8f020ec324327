import { defineContainer } from "../define.ts";
import { pubsubChannels } from "./pubsub-channels.ts";
import { pubsubHelp } from "./pubsub-help.ts";
import { pubsubNumpat } from "./pubsub-numpat.ts";
import { pubsubNumsub } from "./pubsub-numsub.ts";
import { pubsubShardchannels } from "./pubsub-shardchannels.ts";
import { pubsubShardnumsub } from "./pubsub-shardnumsub.ts";

/**
 * PUBSUB <subcommand>: introspection of channels and subscriptions.
 * @see https://redis.io/commands/pubsub
 */
export const pubsub = defineContainer({
  name: "PUBSUB",
  group: "pubsub",
  since: "2.8.0",
  summary: "A container for Pub/Sub commands.",
  subcommands: [
    pubsubChannels,
    pubsubHelp,
    pubsubNumpat,
    pubsubNumsub,
    pubsubShardchannels,
    pubsubShardnumsub,
  ],
});
