/** The pubsub group's client commands, alphabetically (merged in `../index.ts`). */
import { publish } from "./publish.ts";
import { pubsubChannels } from "./pubsub-channels.ts";
import { pubsubNumpat } from "./pubsub-numpat.ts";
import { pubsubNumsub } from "./pubsub-numsub.ts";

export const pubsubCommands = {
  publish,
  pubsubChannels,
  pubsubNumpat,
  pubsubNumsub,
} as const;
