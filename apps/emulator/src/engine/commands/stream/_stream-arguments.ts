/**
 * What several stream commands share (src/t_stream.c): ID arguments, the XADD/XTRIM trimming
 * options, the `[KEEPREF | DELREF | ACKED] IDS numids id …` block of XDELEX and XACKDEL, entry
 * replies and the effects that make consumer-group changes replay deterministically.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type ConsumerGroup,
  type Counter,
  formatStreamId,
  type IdSyntax,
  INVALID_ENTRIES_READ,
  MAX_STREAM_ID,
  nextStreamId,
  type ParsedId,
  type PendingEntry,
  parseStreamId,
  previousStreamId,
  type RefPolicy,
  type StreamId,
  StreamValue,
  type TrimOptions,
} from "../../values/stream.ts";
import type { CommandContext } from "../context.ts";

/** The stream at `key`; WRONGTYPE for another type. */
export function lookupStream(ctx: CommandContext, key: string): StreamValue | undefined {
  return ctx.db.getContainer(key, "stream");
}

/** The stream at `key`, created empty when absent. */
export function lookupOrCreateStream(ctx: CommandContext, key: string): StreamValue {
  return ctx.db.getOrCreateContainer(key, "stream", () => new StreamValue());
}

/** An ID argument, or `ERR Invalid stream ID …`. */
export function streamIdArg(text: string, syntax: IdSyntax = { strict: true }): ParsedId {
  const parsed = parseStreamId(text, syntax);
  if (parsed === undefined) {
    throw new ReplyError(ERR.STREAM_ID_INVALID);
  }
  return parsed;
}

/**
 * One end of a range (`streamParseIntervalIDOrReply`): `-`, `+`, an ID whose missing sequence is 0
 * (start) or the largest (end), or `(id` for an exclusive end, turned into the inclusive neighbour.
 */
export function intervalArg(text: string, end: "start" | "end"): StreamId {
  const isExclusive = text.length > 1 && text.charCodeAt(0) === 0x28; // "("
  const missingSeq = end === "start" ? "min" : "max";
  const { id } = isExclusive
    ? streamIdArg(text.slice(1), { strict: true, missingSeq })
    : streamIdArg(text, { strict: false, missingSeq });
  if (!isExclusive) {
    return id;
  }
  const adjusted = end === "start" ? nextStreamId(id) : previousStreamId(id);
  if (adjusted === undefined) {
    throw new ReplyError(end === "start" ? ERR.STREAM_START_ID_INVALID : ERR.STREAM_END_ID_INVALID);
  }
  return adjusted;
}

/** `getLongLongFromObjectOrReply`: any signed 64-bit integer, else `error`. */
export function longLongArg(text: string | undefined, error: string = ERR.NOT_INTEGER): Counter {
  const value = text === undefined ? undefined : parseIntegerArg(text);
  if (value === undefined) {
    throw new ReplyError(error);
  }
  return value;
}

/** A 64-bit value as a JS number for counting and comparing lengths (huge values stay huge). */
export function toCount(value: Counter): number {
  return Number(value);
}

// ---- XADD / XTRIM options ----------------------------------------------------------------------

export interface AddTrimArgs {
  /** Undefined when no MAXLEN/MINID was given (XADD only). */
  readonly trim: TrimOptions | undefined;
  /** `~` was given: the propagated command gets `=` and the resulting threshold. */
  readonly isApprox: boolean;
  readonly noMkStream: boolean;
  /** XADD: where the ID argument is; for XTRIM the end of the arguments. */
  readonly idIndex: number;
  /** XADD: the explicit ID, or undefined for `*`. */
  readonly id: ParsedId | undefined;
  /** Where `~`, the threshold and LIMIT are in argv (for the propagated form). */
  readonly positions: { approx: number; threshold: number; limit: number };
}

/**
 * `streamParseAddOrTrimArgsOrReply`: options from argv[2] on, in any order; for XADD they end at
 * the ID. The approximate default LIMIT is 100 nodes' worth of entries, as Redis computes it.
 */
export function parseAddTrimArgs(
  argv: readonly string[],
  options: { readonly isXadd: boolean; readonly nodeMaxEntries: () => number },
): AddTrimArgs {
  const { isXadd } = options;
  let strategy: TrimOptions["strategy"] | undefined;
  let isApprox = false;
  let maxLen = 0;
  let minId = MAX_STREAM_ID;
  let limit = 0;
  let isLimitGiven = false;
  let policy: RefPolicy | undefined;
  let noMkStream = false;
  let id: ParsedId | undefined;
  const positions = { approx: -1, threshold: -1, limit: -1 };
  let at = 2;
  for (; at < argv.length; at++) {
    const hasMore = at < argv.length - 1;
    const text = argv[at] as string;
    const option = asciiUpper(text);
    if (isXadd && text === "*") {
      break;
    }
    if ((option === "MAXLEN" || option === "MINID") && hasMore) {
      if (strategy !== undefined) {
        throw new ReplyError(ERR.STREAM_MAXLEN_AND_MINID);
      }
      isApprox = false;
      positions.approx = -1;
      const next = argv[at + 1];
      if (at < argv.length - 2 && (next === "~" || next === "=")) {
        isApprox = next === "~";
        positions.approx = isApprox ? at + 1 : -1;
        at++;
      }
      if (option === "MAXLEN") {
        const value = longLongArg(argv[at + 1]);
        if (value < 0) {
          throw new ReplyError(ERR.STREAM_MAXLEN_NEGATIVE);
        }
        maxLen = toCount(value);
      } else {
        minId = streamIdArg(argv[at + 1] as string).id;
      }
      at++;
      strategy = option;
      positions.threshold = at;
    } else if (option === "LIMIT" && hasMore) {
      const value = longLongArg(argv[at + 1]);
      if (value < 0) {
        throw new ReplyError(ERR.STREAM_LIMIT_NEGATIVE);
      }
      limit = toCount(value);
      isLimitGiven = true;
      positions.limit = at;
      at++;
    } else if (
      (option === "KEEPREF" || option === "DELREF" || option === "ACKED") &&
      policy === undefined
    ) {
      policy = option;
    } else if (isXadd && option === "NOMKSTREAM") {
      noMkStream = true;
    } else if (isXadd) {
      // Anything else is the ID (or a syntax error reported as an invalid ID).
      id = streamIdArg(text, { strict: true, allowSeqStar: true });
      break;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (limit !== 0 && strategy === undefined) {
    throw new ReplyError(ERR.STREAM_LIMIT_WITHOUT_STRATEGY);
  }
  if (!isXadd && strategy === undefined) {
    throw new ReplyError(ERR.XTRIM_NO_STRATEGY);
  }
  if (isLimitGiven) {
    if (!isApprox) {
      throw new ReplyError(ERR.STREAM_LIMIT_WITHOUT_APPROX);
    }
  } else if (isApprox) {
    // Bounded work per call, as Redis caps it: 100 radix-tree nodes, within [1, 1e6] entries.
    limit = 100 * options.nodeMaxEntries();
    if (limit <= 0) {
      limit = 10_000;
    }
    limit = Math.min(limit, 1_000_000);
  } else {
    limit = 0;
  }
  const trim =
    strategy === undefined
      ? undefined
      : { strategy, maxLen, minId, limit, policy: policy ?? "KEEPREF" };
  return { trim, isApprox, noMkStream, idIndex: at, id, positions };
}

/**
 * The command to log after an approximate trim (`streamRewriteApproxSpecifier` and
 * `streamRewriteTrimArgument`): `~` becomes `=`, the threshold becomes what the trim left (the
 * length, or the first ID), and LIMIT goes (replay must not refuse LIMIT without `~`).
 */
export function exactTrimArgv(
  argv: readonly string[],
  args: AddTrimArgs,
  stream: StreamValue,
): string[] {
  const { positions, trim } = args;
  const threshold =
    trim?.strategy === "MAXLEN"
      ? String(stream.length)
      : formatStreamId(stream.entries.first() ?? MAX_STREAM_ID);
  const result: string[] = [];
  for (let at = 0; at < argv.length; at++) {
    if (at === positions.limit) {
      at++;
    } else if (at === positions.approx) {
      result.push("=");
    } else if (at === positions.threshold) {
      result.push(threshold);
    } else {
      result.push(argv[at] as string);
    }
  }
  return result;
}

// ---- XDELEX / XACKDEL ------------------------------------------------------------------------

export interface IdsBlock {
  readonly policy: RefPolicy;
  /** The ID arguments, not yet validated (a missing key answers without looking at them). */
  readonly ids: readonly string[];
}

/** `streamParseAckDelArgsOrReply`: `[KEEPREF | DELREF | ACKED] IDS numids id …` in any order. */
export function parseIdsBlock(argv: readonly string[], start: number): IdsBlock {
  let policy: RefPolicy | undefined;
  let ids: readonly string[] | undefined;
  let at = start;
  while (at < argv.length) {
    const option = asciiUpper(argv[at] as string);
    if (
      (option === "KEEPREF" || option === "DELREF" || option === "ACKED") &&
      policy === undefined
    ) {
      policy = option;
      at++;
    } else if (option === "IDS" && at + 1 < argv.length) {
      const count = parseIntegerArg(argv[at + 1] as string);
      if (count === undefined || count < 1) {
        throw new ReplyError(ERR.STREAM_NUMIDS);
      }
      if (count > argv.length - at - 2) {
        throw new ReplyError(ERR.STREAM_NUMIDS_MISMATCH);
      }
      ids = argv.slice(at + 2, at + 2 + Number(count));
      at += 2 + Number(count);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (ids === undefined) {
    throw new ReplyError(ERR.STREAM_IDS_REQUIRED);
  }
  return { policy: policy ?? "KEEPREF", ids };
}

/** Per-ID results of XDELEX and XACKDEL. */
export const DELETE_RESULT = { notFound: -1, deleted: 1, stillReferenced: 2 } as const;

// ---- replies ---------------------------------------------------------------------------------

/** `[id, [field, value, …]]`. */
export function entryReply(id: StreamId, fieldsAndValues: readonly string[]): Reply {
  return reply.array([reply.bulk(formatStreamId(id)), reply.bulks(fieldsAndValues)]);
}

/** The entries of [from, to] (descending when `reverse`), at most `count` (0: all). */
export function rangeReply(
  stream: StreamValue,
  range: { from: StreamId; to: StreamId; reverse?: boolean; count?: number },
): Reply {
  const items: Reply[] = [];
  const count = range.count ?? 0;
  stream.entries.scan(range, (id, fieldsAndValues) => {
    items.push(entryReply(id, fieldsAndValues));
    return count === 0 || items.length < count;
  });
  return reply.array(items);
}

/** A HELP reply: Redis's header line, the lines, then HELP itself, as simple strings. */
export function helpReply(container: string, lines: readonly string[]): Reply {
  return reply.array(
    [
      `${container} <subcommand> [<arg> [value] [opt] ...]. Subcommands are:`,
      ...lines,
      "HELP",
      "    Prints this help.",
    ].map((line) => reply.simple(line)),
  );
}

// ---- changes and effects ---------------------------------------------------------------------

/**
 * A change Redis makes without `signalModifiedKey` (consumer-group bookkeeping): the keyspace event
 * and the dirty counter, but no WATCH invalidation.
 */
export function groupChanged(ctx: CommandContext, key: string, event?: string): void {
  if (event !== undefined) {
    ctx.notify(event, key, "t");
  }
  ctx.server.stats.dirty++;
}

/**
 * The XCLAIM Redis propagates for a delivery or a claim (`streamPropagateXCLAIM`): it recreates
 * the pending entry exactly (owner, time, count) whether or not it exists on replay.
 */
export function xclaimEffect(
  key: string,
  group: ConsumerGroup,
  claim: { readonly id: StreamId; readonly pending: PendingEntry; readonly lastId: StreamId },
): string[] {
  return [
    "XCLAIM",
    key,
    group.name,
    claim.pending.consumer.name,
    "0",
    formatStreamId(claim.id),
    "TIME",
    String(claim.pending.deliveryTime),
    "RETRYCOUNT",
    String(claim.pending.deliveryCount),
    "FORCE",
    "JUSTID",
    "LASTID",
    formatStreamId(claim.lastId),
  ];
}

/** `XGROUP SETID key group id ENTRIESREAD n` (`streamPropagateGroupID`). */
export function setIdEffect(key: string, group: ConsumerGroup): string[] {
  return [
    "XGROUP",
    "SETID",
    key,
    group.name,
    formatStreamId(group.lastId),
    "ENTRIESREAD",
    String(group.entriesRead),
  ];
}

/** `XGROUP CREATECONSUMER key group consumer` (`streamPropagateConsumerCreation`). */
export function createConsumerEffect(
  key: string,
  group: ConsumerGroup,
  consumer: string,
): string[] {
  return ["XGROUP", "CREATECONSUMER", key, group.name, consumer];
}

// ---- XRANGE / XREVRANGE ----------------------------------------------------------------------

/**
 * `xrangeGenericCommand`: both ends are checked first, then COUNT (negative counts as 0, and COUNT 0
 * answers a null array), then the key.
 */
export function xrange(
  ctx: CommandContext,
  request: {
    key: string;
    start: string;
    end: string;
    options: readonly string[];
    reverse: boolean;
  },
): Reply {
  const from = intervalArg(request.start, "start");
  const to = intervalArg(request.end, "end");
  let count = -1;
  const { options } = request;
  for (let at = 0; at < options.length; at++) {
    if (asciiUpper(options[at] as string) === "COUNT" && at + 1 < options.length) {
      count = Math.max(0, toCount(longLongArg(options[at + 1])));
      at++;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  const stream = lookupStream(ctx, request.key);
  if (stream === undefined) {
    return reply.array([]);
  }
  if (count === 0) {
    return reply.nullArray();
  }
  return rangeReply(stream, { from, to, reverse: request.reverse, count: Math.max(count, 0) });
}

// ---- XGROUP ----------------------------------------------------------------------------------

export interface XgroupTarget {
  readonly stream: StreamValue | undefined;
  readonly group: ConsumerGroup | undefined;
  readonly hasMkStream: boolean;
  readonly entriesRead: Counter;
}

/**
 * What every XGROUP subcommand does first (xgroupCommand): its options from argv[5] (MKSTREAM for
 * CREATE, ENTRIESREAD for CREATE and SETID), then the key, which must exist unless MKSTREAM, and the
 * group, which SETID, CREATECONSUMER and DELCONSUMER need.
 */
export function xgroupTarget(
  ctx: CommandContext,
  sub: "CREATE" | "SETID" | "DESTROY" | "CREATECONSUMER" | "DELCONSUMER",
): XgroupTarget {
  const argv = ctx.argv;
  let hasMkStream = false;
  let entriesRead: Counter = INVALID_ENTRIES_READ;
  for (let at = 5; at < argv.length; ) {
    const option = asciiUpper(argv[at] as string);
    if (sub === "CREATE" && option === "MKSTREAM") {
      hasMkStream = true;
      at++;
    } else if (
      (sub === "CREATE" || sub === "SETID") &&
      option === "ENTRIESREAD" &&
      at + 1 < argv.length
    ) {
      entriesRead = longLongArg(argv[at + 1]);
      if (entriesRead < 0 && entriesRead !== INVALID_ENTRIES_READ) {
        throw new ReplyError(ERR.ENTRIESREAD_INVALID);
      }
      at += 2;
    } else {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(argv[1] as string, "XGROUP"));
    }
  }
  const key = argv[2] as string;
  const name = argv[3] as string;
  const stream = lookupStream(ctx, key);
  const group = stream?.group(name);
  if (!hasMkStream) {
    if (stream === undefined) {
      throw new ReplyError(ERR.XGROUP_KEY_REQUIRED);
    }
    if (group === undefined && sub !== "CREATE" && sub !== "DESTROY") {
      throw new ReplyError(ERR.GROUP_NOT_FOUND(name, key));
    }
  }
  return { stream, group, hasMkStream, entriesRead };
}

// ---- XINFO -----------------------------------------------------------------------------------

/** The `name`, `last-delivered-id`, `entries-read` and `lag` pairs of a group's XINFO. */
export function groupInfoHead(
  stream: StreamValue,
  group: ConsumerGroup,
): [Reply[], Reply[], Reply[], Reply[]] {
  const lag = stream.lag(group);
  return [
    [reply.bulk("name"), reply.bulk(group.name)],
    [reply.bulk("last-delivered-id"), reply.bulk(formatStreamId(group.lastId))],
    [
      reply.bulk("entries-read"),
      group.entriesRead === INVALID_ENTRIES_READ ? reply.null() : reply.integer(group.entriesRead),
    ],
    [reply.bulk("lag"), lag === undefined ? reply.null() : reply.integer(lag)],
  ];
}
