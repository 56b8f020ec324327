/**
 * XREAD and XREADGROUP (xreadCommand): one implementation, as in Redis.
 *
 * A blocked read is run again whenever one of its keys changes. Two things must survive between
 * those runs, so they are kept per blocked command (keyed by its argv, which the engine passes
 * again unchanged): the IDs `$` stood for when the command first ran (Redis rewrites `$` in the
 * blocked client's argv for the same reason), and the fact that this is a re-run, which keeps a
 * blocked XREAD waiting through a key of another type. A re-run is a run like the first one, as in
 * Redis 7.2+ (src/blocked.c reprocesses the command): a blocked XREADGROUP whose stream was deleted,
 * flushed or replaced answers NOGROUP or WRONGTYPE, and a blocked XREAD naming a stream twice is
 * served twice.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type Consumer,
  type ConsumerGroup,
  formatStreamId,
  incrementCounter,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  nextStreamId,
  previousStreamId,
  type StreamId,
  StreamValue,
} from "../../values/stream.ts";
import type { CommandContext, CommandResult } from "../context.ts";
import { createConsumerEffect, groupChanged, setIdEffect, xclaimEffect } from "./_groups.ts";
import { entryReply, packedEntryReply } from "./_replies.ts";
import { longLongArg, streamIdArg, toCount } from "./_stream-arguments.ts";

interface ReadOptions {
  readonly isGroupRead: boolean;
  /** BLOCK in ms (0: forever); undefined without BLOCK. */
  readonly blockMs: number | undefined;
  /** COUNT per stream; 0 means no limit. */
  readonly count: number;
  readonly isNoAck: boolean;
  readonly group: string | undefined;
  readonly consumer: string;
  readonly keys: readonly string[];
  readonly ids: readonly string[];
}

/** What a blocked read remembers between runs. */
interface BlockedRead {
  /** Per stream, the ID `$` stood for at the first run. */
  readonly dollarIds: readonly (StreamId | undefined)[];
}

const blockedReads = new WeakMap<readonly string[], BlockedRead>();

/** The options before STREAMS, in any order (xreadCommand's first loop). */
function parseReadOptions(ctx: CommandContext, isGroupRead: boolean): ReadOptions {
  const argv = ctx.argv;
  const command = isGroupRead ? "xreadgroup" : "xread";
  let blockMs: number | undefined;
  let count = 0;
  let isNoAck = false;
  let group: string | undefined;
  let consumer = "";
  for (let at = 1; at < argv.length; at++) {
    const more = argv.length - at - 1;
    const option = asciiUpper(argv[at] as string);
    if (option === "BLOCK" && more > 0) {
      // Redis refuses BLOCK in scripts outright (backward compatibility; other blocking commands
      // run there without blocking).
      if (ctx.session.inScript) {
        throw new ReplyError(ERR.XREAD_BLOCK_IN_SCRIPT(command));
      }
      blockMs = parseBlock(argv[++at] as string, ctx.now);
    } else if (option === "COUNT" && more > 0) {
      count = Math.max(0, toCount(longLongArg(argv[++at])));
    } else if (option === "STREAMS" && more > 0) {
      const rest = argv.slice(at + 1);
      if (rest.length % 2 !== 0) {
        throw new ReplyError(ERR.XREAD_UNBALANCED(command));
      }
      const half = rest.length / 2;
      if (isGroupRead && group === undefined) {
        throw new ReplyError(ERR.XREADGROUP_MISSING_GROUP);
      }
      return {
        isGroupRead,
        blockMs,
        count,
        isNoAck,
        group,
        consumer,
        keys: rest.slice(0, half),
        ids: rest.slice(half),
      };
    } else if (option === "GROUP" && more > 1) {
      if (!isGroupRead) {
        throw new ReplyError(ERR.XREAD_GROUP_OPTION);
      }
      group = argv[at + 1] as string;
      consumer = argv[at + 2] as string;
      at += 2;
    } else if (option === "NOACK") {
      if (!isGroupRead) {
        throw new ReplyError(ERR.XREAD_NOACK_OPTION);
      }
      isNoAck = true;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  // STREAMS is mandatory.
  throw new ReplyError(ERR.SYNTAX);
}

/** `getTimeoutFromObjectOrReply` in milliseconds. */
function parseBlock(text: string, now: number): number {
  const value = longLongArg(text, ERR.TIMEOUT_NOT_INTEGER);
  if (value < 0) {
    throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
  }
  if (value > 0 && BigInt(value) > 2n ** 63n - 1n - BigInt(now)) {
    throw new ReplyError(ERR.TIMEOUT_OUT_OF_RANGE);
  }
  return toCount(value);
}

/** One stream to read: its key, value, group and the ID to read after (`>` is MAX_STREAM_ID). */
interface ReadTarget {
  readonly key: string;
  readonly stream: StreamValue | undefined;
  readonly group: ConsumerGroup | undefined;
  readonly after: StreamId;
  readonly isNew: boolean;
}

export function runRead(ctx: CommandContext, isGroupRead: boolean): CommandResult {
  const options = parseReadOptions(ctx, isGroupRead);
  const blocked = blockedReads.get(ctx.argv);
  try {
    const targets = resolveTargets(ctx, options, blocked);
    const served: Reply[] = [];
    for (const target of targets) {
      const entries = serve(ctx, options, target);
      if (entries !== undefined) {
        served.push(reply.array([reply.bulk(target.key), entries]));
      }
    }
    if (served.length > 0) {
      blockedReads.delete(ctx.argv);
      return reply.array(served);
    }
    if (options.blockMs === undefined) {
      return reply.nullArray();
    }
    const result = ctx.block({
      keys: options.keys,
      timeoutMs: options.blockMs,
      timeoutReply: reply.nullArray(),
    });
    if (result.kind === "blocked" && blocked === undefined) {
      blockedReads.set(ctx.argv, {
        dollarIds: targets.map((target, at) =>
          options.ids[at] === "$" ? target.after : undefined,
        ),
      });
    }
    return result;
  } catch (error) {
    blockedReads.delete(ctx.argv);
    throw error;
  }
}

/** The per-stream checks, in argument order (WRONGTYPE, NOGROUP, then the ID). */
function resolveTargets(
  ctx: CommandContext,
  options: ReadOptions,
  blocked: BlockedRead | undefined,
): ReadTarget[] {
  return options.keys.map((key, at) => {
    const value = ctx.db.get(key);
    let stream: StreamValue | undefined;
    if (value instanceof StreamValue) {
      stream = value;
    } else if (value !== undefined && (blocked === undefined || options.isGroupRead)) {
      // A blocked XREAD waits on through a key of another type (Redis wakes only XREADGROUP).
      throw new ReplyError(ERR.WRONGTYPE);
    }
    let group: ConsumerGroup | undefined;
    if (options.group !== undefined) {
      group = stream?.group(options.group);
      // A blocked XREADGROUP whose stream or group went is run again and answers as a fresh one
      // would (Redis 7.2+; 7.0 answered "UNBLOCKED the stream key no longer exists" and "NOGROUP
      // the consumer group this client was blocked on no longer exists").
      if (group === undefined) {
        throw new ReplyError(ERR.XREADGROUP_NOGROUP(key, options.group));
      }
    }
    const text = options.ids[at] as string;
    const resolve = (after: StreamId, isNew = false): ReadTarget => ({
      key,
      stream,
      group,
      after,
      isNew,
    });
    if (text === "$") {
      if (options.isGroupRead) {
        throw new ReplyError(ERR.XREADGROUP_DOLLAR_ID);
      }
      return resolve(blocked?.dollarIds[at] ?? stream?.lastId ?? MIN_STREAM_ID);
    }
    if (text === "+") {
      if (options.isGroupRead) {
        throw new ReplyError(ERR.XREADGROUP_PLUS_ID);
      }
      // Redis 7.4: the last entry itself, so read from just before it.
      const last = stream?.lastEntryId;
      return resolve(
        last === undefined ? MIN_STREAM_ID : (previousStreamId(last) ?? MIN_STREAM_ID),
      );
    }
    if (text === ">") {
      if (!options.isGroupRead) {
        throw new ReplyError(ERR.XREAD_GREATER_ID);
      }
      return resolve(MAX_STREAM_ID, true);
    }
    return resolve(streamIdArg(text).id);
  });
}

/** The entries served from one stream, or undefined when it has nothing for this read. */
function serve(ctx: CommandContext, options: ReadOptions, target: ReadTarget): Reply | undefined {
  const { stream, group } = target;
  if (stream === undefined) {
    return undefined;
  }
  if (group === undefined) {
    const last = stream.lastEntryId;
    if (last === undefined || last <= target.after) {
      return undefined;
    }
    return readEntries(stream, target.after, options.count);
  }
  const isHistory = !target.isNew;
  const last = stream.lastEntryId;
  const hasNew = !isHistory && last !== undefined && last > group.lastId;
  const consumer = consumerFor(ctx, options, target);
  if (consumer !== undefined) {
    consumer.seenTime = ctx.now;
  }
  if (isHistory) {
    return readHistory(ctx, { target, consumer, count: options.count });
  }
  if (!hasNew) {
    return undefined;
  }
  return deliverNew(ctx, { target, consumer, options });
}

/**
 * The reading consumer, created on first use (with its event and effect when nothing else will
 * create it on replay).
 *
 * Service behaviour (kv-rest-wire.md §13.2): XREADGROUP … NOACK does not create the consumer.
 */
function consumerFor(
  ctx: CommandContext,
  options: ReadOptions,
  target: ReadTarget,
): Consumer | undefined {
  const group = target.group as ConsumerGroup;
  const existing = group.consumers.get(options.consumer);
  if (existing !== undefined || options.isNoAck) {
    return existing;
  }
  const consumer = group.createConsumer(options.consumer, ctx.now) as Consumer;
  groupChanged(ctx, target.key, "xgroup-createconsumer");
  // Delivered entries log XCLAIMs, which create the consumer on replay; otherwise log it here.
  const last = target.stream?.lastEntryId;
  if (!target.isNew || last === undefined || last <= group.lastId) {
    ctx.propagate(createConsumerEffect(target.key, group, options.consumer));
  }
  return consumer;
}

function readEntries(stream: StreamValue, after: StreamId, count: number): Reply {
  const items: Reply[] = [];
  stream.entries.scanPacked(
    { from: nextStreamId(after) ?? MIN_STREAM_ID, to: MAX_STREAM_ID },
    (node, at) => {
      items.push(packedEntryReply(node, at));
      return count === 0 || items.length < count;
    },
  );
  return reply.array(items);
}

/**
 * A consumer's own pending entries after the given ID (`streamReplyWithRangeFromConsumerPEL`):
 * each is delivered again (count + 1, time now); an entry deleted from the stream shows as
 * `[id, nil]`. Redis does not propagate these redeliveries; they are logged here as XCLAIMs so a
 * replayed PEL keeps its counters.
 */
function readHistory(
  ctx: CommandContext,
  read: { target: ReadTarget; consumer: Consumer | undefined; count: number },
): Reply {
  const { target, consumer, count } = read;
  const stream = target.stream as StreamValue;
  const group = target.group as ConsumerGroup;
  const items: Reply[] = [];
  if (consumer === undefined) {
    return reply.array(items);
  }
  // Redis starts at the successor of the given ID, wrapping the largest ID round to 0-0.
  const from = nextStreamId(target.after) ?? MIN_STREAM_ID;
  const ids: StreamId[] = [];
  consumer.pel.scan({ from, to: MAX_STREAM_ID }, (id) => {
    ids.push(id);
    return count === 0 || ids.length < count;
  });
  for (const id of ids) {
    const fieldsAndValues = stream.entries.get(id);
    const pending = consumer.pel.get(id);
    if (fieldsAndValues === undefined || pending === undefined) {
      items.push(reply.array([reply.bulk(formatStreamId(id)), reply.nullArray()]));
      continue;
    }
    pending.deliveryCount = incrementCounter(pending.deliveryCount);
    pending.deliveryTime = ctx.now;
    ctx.propagate(xclaimEffect(target.key, group, { id, pending, lastId: group.lastId }));
    items.push(entryReply(id, fieldsAndValues));
  }
  return reply.array(items);
}

/**
 * New entries for the group (streamReplyWithRange with a group): the group moves past them and,
 * unless NOACK, each becomes pending for the consumer, logged as Redis logs it: one XCLAIM per
 * entry, then XGROUP SETID with the new last ID and read counter.
 */
function deliverNew(
  ctx: CommandContext,
  read: { target: ReadTarget; consumer: Consumer | undefined; options: ReadOptions },
): Reply {
  const { target, consumer, options } = read;
  const stream = target.stream as StreamValue;
  const group = target.group as ConsumerGroup;
  const previousLastId = group.lastId;
  const delivered: [StreamId, readonly string[]][] = [];
  stream.entries.scan(
    { from: nextStreamId(group.lastId) ?? MIN_STREAM_ID, to: MAX_STREAM_ID },
    (id, fieldsAndValues) => {
      delivered.push([id, fieldsAndValues]);
      return options.count === 0 || delivered.length < options.count;
    },
  );
  const items: Reply[] = [];
  for (const [id, fieldsAndValues] of delivered) {
    if (id > group.lastId) {
      stream.advanceGroup(group, id);
    }
    items.push(entryReply(id, fieldsAndValues));
    if (options.isNoAck || consumer === undefined) {
      continue;
    }
    // An entry may already be pending (XGROUP SETID moved the group back): it changes hands.
    let pending = group.pel.get(id);
    if (pending === undefined) {
      pending = { consumer, deliveryTime: ctx.now, deliveryCount: 1 };
      group.pel.set(id, pending);
    } else {
      pending.deliveryTime = ctx.now;
      pending.deliveryCount = 1;
    }
    group.assign(id, pending, consumer);
    consumer.activeTime = ctx.now;
    ctx.propagate(xclaimEffect(target.key, group, { id, pending, lastId: previousLastId }));
  }
  if (group.lastId !== previousLastId) {
    ctx.propagate(setIdEffect(target.key, group));
  }
  groupChanged(ctx, target.key);
  return reply.array(items);
}

/**
 * The keys of XREAD and XREADGROUP (`xreadGetKeys`): the first half of what follows STREAMS, found
 * by skipping the options before it; none when the arguments are malformed.
 */
export function streamsKeys(argv: readonly string[]): number[] {
  const skips: Readonly<Record<string, number>> = { BLOCK: 1, COUNT: 1, GROUP: 2, NOACK: 0 };
  for (let at = 1; at < argv.length; at++) {
    const option = asciiUpper(argv[at] as string);
    if (option === "STREAMS") {
      const count = argv.length - at - 1;
      if (count === 0 || count % 2 !== 0) {
        return [];
      }
      return Array.from({ length: count / 2 }, (_, index) => at + 1 + index);
    }
    const skip = skips[option];
    if (skip === undefined) {
      return [];
    }
    at += skip;
  }
  return [];
}
