import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PUBSUB NUMPAT: how many pattern subscriptions exist.
 * @see https://redis.io/commands/pubsub-numpat
 */
export const pubsubNumpat = defineClientCommand<() => number>({
  name: "PUBSUB NUMPAT",
  encode: () => [],
  decode: asInteger,
});
