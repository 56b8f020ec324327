import { reply } from "../../reply.ts";
import type { ConsumerGroup } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { groupChanged, xgroupTarget } from "./_groups.ts";

/**
 * XGROUP DELCONSUMER key group consumer: removes a consumer and its pending entries; how many it
 * had pending (0 when absent).
 * @see https://redis.io/commands/xgroup-delconsumer
 */
export const xgroupDelconsumer = defineCommand({
  name: "XGROUP|DELCONSUMER",
  group: "stream",
  arity: 5,
  flags: ["write"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Deletes a consumer from a consumer group.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), group: args.string(), consumer: args.string() }),
  run: (ctx, { key, consumer: name }) => {
    const group = xgroupTarget(ctx, "DELCONSUMER").group as ConsumerGroup;
    const consumer = group.consumers.get(name);
    if (consumer === undefined) {
      return reply.integer(0);
    }
    const pending = consumer.pel.size;
    group.deleteConsumer(consumer);
    groupChanged(ctx, key, "xgroup-delconsumer");
    return reply.integer(pending);
  },
});
