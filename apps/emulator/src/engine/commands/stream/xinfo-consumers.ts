import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupStream } from "./_stream-arguments.ts";

/**
 * XINFO CONSUMERS key group: per consumer, its name, pending count, `idle` (ms since it was last
 * seen) and `inactive` (ms since its last successful read or claim, -1 if never; Redis 7.2).
 * @see https://redis.io/commands/xinfo-consumers
 */
export const xinfoConsumers = defineCommand({
  name: "XINFO|CONSUMERS",
  group: "stream",
  arity: 4,
  resp3: "maps",
  flags: ["readonly"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Returns a list of the consumers in a consumer group.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), group: args.string() }),
  run: (ctx, { key, group: name }) => {
    const stream = lookupStream(ctx, key);
    if (stream === undefined) {
      throw new ReplyError(ERR.NO_SUCH_KEY);
    }
    const group = stream.group(name);
    if (group === undefined) {
      throw new ReplyError(ERR.GROUP_NOT_FOUND(name, key));
    }
    return reply.array(
      group
        .sortedConsumers()
        .map((consumer) =>
          reply.array([
            reply.bulk("name"),
            reply.bulk(consumer.name),
            reply.bulk("pending"),
            reply.integer(consumer.pel.size),
            reply.bulk("idle"),
            reply.integer(Math.max(0, ctx.now - consumer.seenTime)),
            reply.bulk("inactive"),
            reply.integer(consumer.activeTime === -1 ? -1 : ctx.now - consumer.activeTime),
          ]),
        ),
    );
  },
});
