import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type Consumer,
  formatStreamId,
  incrementCounter,
  MIN_STREAM_ID,
  type StreamId,
} from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { createConsumerEffect, groupChanged, xclaimEffect } from "./_groups.ts";
import { entryReply } from "./_replies.ts";
import { intervalArg, longLongArg, lookupStream, toCount } from "./_stream-arguments.ts";

/** COUNT's ceiling: LONG_MAX / max(sizeof(streamID), attempts factor). */
const MAX_COUNT = 576_460_752_303_423_487n;
/** Each call looks at no more than COUNT × 10 pending entries. */
const ATTEMPTS_FACTOR = 10;

/**
 * XAUTOCLAIM key group consumer min-idle-time start [COUNT count] [JUSTID]: XCLAIM for the pending
 * entries from `start` on that are idle enough; [next start (0-0 when done), claimed entries (or
 * IDs), IDs whose entries were gone and left the PEL].
 * @see https://redis.io/commands/xautoclaim
 */
export const xautoclaim = defineCommand({
  name: "XAUTOCLAIM",
  group: "stream",
  arity: -6,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary:
    "Changes, or acquires, ownership of messages in a consumer group, as if the messages were delivered to as consumer group member.",
  complexity: "O(1) if COUNT is small.",
  parse: (args) => {
    const key = args.key();
    const group = args.string();
    const consumer = args.string();
    const minIdle = Math.max(0, toCount(longLongArg(args.string(), ERR.XAUTOCLAIM_MIN_IDLE)));
    const start = intervalArg(args.string(), "start");
    let count = 100;
    let isJustId = false;
    while (args.hasMore()) {
      const option = args.token();
      if (option === "COUNT" && args.hasMore()) {
        const value = parseIntegerArg(args.string());
        if (value === undefined || value < 1 || value > MAX_COUNT) {
          throw new ReplyError(ERR.XAUTOCLAIM_COUNT);
        }
        count = toCount(value);
      } else if (option === "JUSTID") {
        isJustId = true;
      } else {
        throw new ReplyError(ERR.SYNTAX);
      }
    }
    return { key, group, consumer, minIdle, start, count, isJustId };
  },
  run: (ctx, options) => {
    const { key, minIdle } = options;
    const stream = lookupStream(ctx, key);
    const group = stream?.group(options.group);
    if (stream === undefined || group === undefined) {
      throw new ReplyError(ERR.STREAM_NOGROUP(key, options.group));
    }
    let consumer = group.consumers.get(options.consumer);
    const isCreated = consumer === undefined;
    if (consumer === undefined) {
      consumer = group.createConsumer(options.consumer, ctx.now) as Consumer;
      groupChanged(ctx, key, "xgroup-createconsumer");
    }
    consumer.seenTime = ctx.now;
    const claimed: Reply[] = [];
    const deleted: Reply[] = [];
    let count = options.count;
    let attempts = count * ATTEMPTS_FACTOR;
    // The PEL changes as we go, so each step looks up the next ID after the last one visited.
    let cursor: StreamId | undefined = group.pel.ceiling(options.start);
    while (attempts > 0 && count > 0 && cursor !== undefined) {
      attempts--;
      const id: StreamId = cursor;
      const pending = group.pel.get(id);
      cursor = group.pel.higher(id);
      if (pending === undefined) {
        continue;
      }
      const fieldsAndValues = stream.entries.get(id);
      if (fieldsAndValues === undefined) {
        ctx.propagate(xclaimEffect(key, group, { id, pending, lastId: group.lastId }));
        group.acknowledge(id);
        groupChanged(ctx, key);
        deleted.push(reply.bulk(formatStreamId(id)));
        count--;
        continue;
      }
      if (minIdle !== 0 && ctx.now - pending.deliveryTime < minIdle) {
        continue;
      }
      group.assign(id, pending, consumer);
      pending.deliveryTime = ctx.now;
      if (!options.isJustId) {
        pending.deliveryCount = incrementCounter(pending.deliveryCount);
      }
      claimed.push(
        options.isJustId ? reply.bulk(formatStreamId(id)) : entryReply(id, fieldsAndValues),
      );
      count--;
      consumer.activeTime = ctx.now;
      ctx.propagate(xclaimEffect(key, group, { id, pending, lastId: group.lastId }));
      groupChanged(ctx, key);
    }
    if (isCreated && claimed.length === 0 && deleted.length === 0) {
      ctx.propagate(createConsumerEffect(key, group, options.consumer));
    }
    return reply.array([
      reply.bulk(formatStreamId(cursor ?? MIN_STREAM_ID)),
      reply.array(claimed),
      reply.array(deleted),
    ]);
  },
});
