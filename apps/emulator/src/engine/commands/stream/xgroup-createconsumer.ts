import { reply } from "../../reply.ts";
import type { ConsumerGroup } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { groupChanged, xgroupTarget } from "./_groups.ts";

/**
 * XGROUP CREATECONSUMER key group consumer: adds a consumer; 1, or 0 when it exists.
 * @see https://redis.io/commands/xgroup-createconsumer
 */
export const xgroupCreateconsumer = defineCommand({
  name: "XGROUP|CREATECONSUMER",
  group: "stream",
  arity: 5,
  flags: ["write", "denyoom"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Creates a consumer in a consumer group.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), group: args.string(), consumer: args.string() }),
  run: (ctx, { key, consumer }) => {
    const group = xgroupTarget(ctx, "CREATECONSUMER").group as ConsumerGroup;
    if (group.createConsumer(consumer, ctx.now) === undefined) {
      return reply.integer(0);
    }
    groupChanged(ctx, key, "xgroup-createconsumer");
    return reply.integer(1);
  },
});
