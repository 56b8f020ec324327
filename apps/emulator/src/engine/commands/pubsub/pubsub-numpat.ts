import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * PUBSUB NUMPAT: how many distinct patterns have subscribers.
 * @see https://redis.io/commands/pubsub-numpat
 */
export const pubsubNumpat = defineCommand({
  name: "PUBSUB|NUMPAT",
  group: "pubsub",
  arity: 2,
  flags: ["pubsub", "loading", "stale"],
  since: "2.8.0",
  summary: "Returns a count of unique pattern subscriptions.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.integer(ctx.server.pubsub.numberOfPatterns()),
});
