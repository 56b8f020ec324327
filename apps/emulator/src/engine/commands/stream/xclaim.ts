import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type Consumer,
  type ConsumerGroup,
  type Counter,
  formatStreamId,
  incrementCounter,
  MIN_STREAM_ID,
  parseStreamId,
  type StreamId,
  type StreamValue,
} from "../../values/stream.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";
import { createConsumerEffect, groupChanged, setIdEffect, xclaimEffect } from "./_groups.ts";
import { entryReply } from "./_replies.ts";
import { longLongArg, lookupStream, streamIdArg, toCount } from "./_stream-arguments.ts";

interface ClaimOptions {
  readonly ids: readonly StreamId[];
  readonly deliveryTime: number;
  readonly retryCount: Counter | undefined;
  readonly isForce: boolean;
  readonly isJustId: boolean;
  readonly lastId: StreamId;
}

/**
 * The IDs, then the options (xclaimCommand): the ID list ends at the first argument that is not
 * an ID. IDLE and TIME set the delivery time (clamped to [0, now]); without them it is now.
 */
function parseClaim(argv: readonly string[], now: number): ClaimOptions {
  const ids: StreamId[] = [];
  let at = 5;
  for (; at < argv.length; at++) {
    const parsed = parseStreamId(argv[at] as string, { strict: true });
    if (parsed === undefined) {
      break;
    }
    ids.push(parsed.id);
  }
  let deliveryTime: number | undefined;
  let retryCount: Counter | undefined;
  let isForce = false;
  let isJustId = false;
  let lastId = MIN_STREAM_ID;
  for (; at < argv.length; at++) {
    const text = argv[at] as string;
    const option = asciiUpper(text);
    const hasMore = at < argv.length - 1;
    if (option === "FORCE") {
      isForce = true;
    } else if (option === "JUSTID") {
      isJustId = true;
    } else if (option === "IDLE" && hasMore) {
      deliveryTime = now - toCount(longLongArg(argv[++at], ERR.XCLAIM_IDLE));
    } else if (option === "TIME" && hasMore) {
      deliveryTime = toCount(longLongArg(argv[++at], ERR.XCLAIM_TIME));
    } else if (option === "RETRYCOUNT" && hasMore) {
      const count = longLongArg(argv[++at], ERR.XCLAIM_RETRYCOUNT);
      // A negative count means "not given" in Redis.
      retryCount = count >= 0 ? count : undefined;
    } else if (option === "LASTID" && hasMore) {
      lastId = streamIdArg(argv[++at] as string).id;
    } else {
      throw new ReplyError(ERR.XCLAIM_UNKNOWN_OPTION(text));
    }
  }
  // A bogus time is not an error: clients compute it from their own clocks.
  if (deliveryTime === undefined || deliveryTime < 0 || deliveryTime > now) {
    deliveryTime = now;
  }
  return { ids, deliveryTime, retryCount, isForce, isJustId, lastId };
}

/**
 * XCLAIM key group consumer min-idle-time id [id ...] [IDLE ms] [TIME unix-time-milliseconds]
 * [RETRYCOUNT count] [FORCE] [JUSTID] [LASTID lastid]: gives pending entries idle for at least
 * `min-idle-time` to `consumer`; the claimed entries (or IDs with JUSTID). Pending entries whose
 * stream entry is gone are dropped from the PEL.
 *
 * Logged as one XCLAIM per change with absolute TIME, RETRYCOUNT, FORCE and JUSTID, as Redis
 * propagates it, so replay recreates each pending entry exactly.
 * @see https://redis.io/commands/xclaim
 */
export const xclaim = defineCommand({
  name: "XCLAIM",
  group: "stream",
  arity: -6,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary:
    "Changes, or acquires, ownership of a message in a consumer group, as if the message was delivered a consumer group member.",
  complexity: "O(log N) with N being the number of messages in the PEL of the consumer group.",
  parse: (args) => ({
    key: args.key(),
    group: args.string(),
    consumer: args.string(),
    rest: args.rest(),
  }),
  run: (ctx, { key, group: groupName, consumer: consumerName }) => {
    const stream = lookupStream(ctx, key);
    const group = stream?.group(groupName);
    if (stream === undefined || group === undefined) {
      throw new ReplyError(ERR.STREAM_NOGROUP(key, groupName));
    }
    const minIdle = Math.max(0, toCount(longLongArg(ctx.argv[4], ERR.XCLAIM_MIN_IDLE)));
    const options = parseClaim(ctx.argv, ctx.now);
    let isLastIdMoved = false;
    if (options.lastId > group.lastId) {
      group.lastId = options.lastId;
      isLastIdMoved = true;
    }
    let consumer = group.consumers.get(consumerName);
    const isCreated = consumer === undefined;
    if (consumer === undefined) {
      consumer = group.createConsumer(consumerName, ctx.now) as Consumer;
      groupChanged(ctx, key, "xgroup-createconsumer");
    }
    consumer.seenTime = ctx.now;
    const items: Reply[] = [];
    let changes = 0;
    for (const id of options.ids) {
      const claimed = claimOne(ctx, { stream, group, consumer, id, minIdle, options });
      if (claimed === "changed") {
        changes++;
      } else if (claimed !== undefined) {
        items.push(claimed);
        changes++;
      }
    }
    if (isLastIdMoved && changes === 0) {
      ctx.propagate(setIdEffect(key, group));
      groupChanged(ctx, key);
    } else if (isCreated && changes === 0) {
      // Redis logs nothing here; the new consumer must survive replay all the same.
      ctx.propagate(createConsumerEffect(key, group, consumerName));
    }
    return reply.array(items);
  },
});

interface ClaimTarget {
  readonly stream: StreamValue;
  readonly group: ConsumerGroup;
  readonly consumer: Consumer;
  readonly id: StreamId;
  readonly minIdle: number;
  readonly options: ClaimOptions;
}

/** Claims one ID: its reply, "changed" when only a stale PEL entry went, undefined for nothing. */
function claimOne(ctx: CommandContext, target: ClaimTarget): Reply | "changed" | undefined {
  const { stream, group, consumer, id, options } = target;
  const key = ctx.argv[1] as string;
  let pending = group.pel.get(id);
  const fieldsAndValues = stream.entries.get(id);
  if (fieldsAndValues === undefined) {
    if (pending === undefined) {
      return undefined;
    }
    // The entry is gone: drop its pending entry (logged as the XCLAIM that drops it on replay).
    ctx.propagate(xclaimEffect(key, group, { id, pending, lastId: group.lastId }));
    group.acknowledge(id);
    groupChanged(ctx, key);
    return "changed";
  }
  if (pending === undefined) {
    if (!options.isForce) {
      return undefined;
    }
    // FORCE creates the pending entry; without an owner the idle check does not apply.
    pending = { consumer, deliveryTime: ctx.now, deliveryCount: 1 };
    group.pel.set(id, pending);
  } else if (target.minIdle !== 0 && ctx.now - pending.deliveryTime < target.minIdle) {
    return undefined;
  }
  group.assign(id, pending, consumer);
  pending.deliveryTime = options.deliveryTime;
  if (options.retryCount !== undefined) {
    pending.deliveryCount = options.retryCount;
  } else if (!options.isJustId) {
    pending.deliveryCount = incrementCounter(pending.deliveryCount);
  }
  consumer.activeTime = ctx.now;
  ctx.propagate(xclaimEffect(key, group, { id, pending, lastId: group.lastId }));
  groupChanged(ctx, key);
  return options.isJustId ? reply.bulk(formatStreamId(id)) : entryReply(id, fieldsAndValues);
}
