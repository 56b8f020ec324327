/**
 * Consumer groups as commands change them: the keyspace signal, the effects that make group changes
 * replay deterministically, XGROUP's target group and XINFO's group head.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type ConsumerGroup,
  type Counter,
  formatStreamId,
  INVALID_ENTRIES_READ,
  type PendingEntry,
  type StreamId,
  type StreamValue,
} from "../../values/stream.ts";
import type { CommandContext } from "../context.ts";
import { longLongArg, lookupStream } from "./_stream-arguments.ts";

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
