/**
 * What several list commands share (src/t_list.c): LEFT/RIGHT arguments, pops that tidy up after
 * themselves and the move behind LMOVE and friends.
 */
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import type { Reply } from "../../reply.ts";
import { reply } from "../../reply.ts";
import { List, type ListEnd, listFill } from "../../values/list.ts";
import type { Args } from "../args.ts";
import { parseTimeout } from "../blocking-timeout.ts";
import type { CommandContext, CommandResult } from "../context.ts";
import { positiveInteger } from "../shared-arguments.ts";

/** `getListPositionFromObjectOrReply`: LEFT or RIGHT in any case, else a syntax error. */
export function parseListEnd(args: Args): ListEnd {
  switch (args.token()) {
    case "LEFT":
      return "left";
    case "RIGHT":
      return "right";
    default:
      throw new ReplyError(ERR.SYNTAX);
  }
}

/** The list at `key` (WRONGTYPE for another type), or undefined. */
export function lookupList(ctx: CommandContext, key: string): List | undefined {
  return ctx.db.getContainer(key, "list");
}

/**
 * Pushes `values` one by one at `end` of the list at `key`, creating it when absent; converts the
 * encoding first, as `listTypeTryConversionAppend` does, and announces `lpush`/`rpush`.
 */
export function pushValues(
  ctx: CommandContext,
  key: string,
  push: { readonly values: readonly string[]; readonly end: ListEnd },
): List {
  const list = ctx.db.getOrCreateContainer(key, "list", () => new List());
  list.convertBeforeGrowing(listFill(ctx.server.config), push.values);
  for (const value of push.values) {
    list.push(value, push.end);
  }
  ctx.modified(key, push.end === "left" ? "lpush" : "rpush", "l");
  return list;
}

/**
 * Pops up to `count` elements from `end` (`listPopRangeAndReplyWithKey` + `listElementsRemoved`):
 * announces `lpop`/`rpop`, deletes the key once empty (`del`) or converts the encoding back.
 */
export function popValues(
  ctx: CommandContext,
  key: string,
  pop: { readonly list: List; readonly end: ListEnd; readonly count: number },
): string[] {
  const { list, end } = pop;
  const popped: string[] = [];
  while (popped.length < pop.count) {
    const value = list.pop(end);
    if (value === undefined) {
      break;
    }
    popped.push(value);
  }
  ctx.modified(key, end === "left" ? "lpop" : "rpop", "l");
  if (list.isEmpty()) {
    ctx.db.delete(key);
    ctx.notify("del", key, "g");
  } else {
    list.convertAfterShrinking(listFill(ctx.server.config));
  }
  return popped;
}

/**
 * `lmoveGenericCommand`: pops from `from` of `source` and pushes at `to` of `destination`. The
 * destination's type is checked before anything changes. Answers the element, or nil when the
 * source does not exist.
 */
export function moveElement(
  ctx: CommandContext,
  move: {
    readonly source: string;
    readonly destination: string;
    readonly from: ListEnd;
    readonly to: ListEnd;
  },
): Reply {
  const source = lookupList(ctx, move.source);
  if (source === undefined) {
    return reply.null();
  }
  lookupList(ctx, move.destination);
  const value = source.pop(move.from) as string;
  // The element is pushed before the source is tidied, so LMOVE k k works on one list.
  pushValues(ctx, move.destination, { values: [value], end: move.to });
  ctx.modified(move.source, move.from === "left" ? "lpop" : "rpop", "l");
  if (source.isEmpty()) {
    ctx.db.delete(move.source);
    ctx.notify("del", move.source, "g");
  } else {
    source.convertAfterShrinking(listFill(ctx.server.config));
  }
  return reply.bulk(value);
}

/** The text of a list end as LMOVE takes it. */
export function listEndName(end: ListEnd): string {
  return end === "left" ? "LEFT" : "RIGHT";
}

// ---- blocking timeouts --------------------------------------------------------------------------

// ---- LPOP / RPOP --------------------------------------------------------------------------------

/** What LPOP and RPOP read: the key and the optional count. */
export interface PopArguments {
  readonly key: string;
  readonly count: number | undefined;
}

/**
 * `popGenericCommand`'s arguments: more than one after the key is an arity error (Redis checks it
 * in the command, as the arity is -2), and the count must be a non-negative integer.
 */
export function parsePop(args: Args, command: string): PopArguments {
  const key = args.key();
  if (args.remaining > 1) {
    throw new ReplyError(ERR.WRONG_ARITY(command));
  }
  if (!args.hasMore()) {
    return { key, count: undefined };
  }
  const count = parseIntegerArg(args.string());
  if (count === undefined || count < 0) {
    throw new ReplyError(ERR.NOT_POSITIVE);
  }
  return { key, count: Number(count) };
}

/** LPOP/RPOP: one element as a bulk string, or with a count an array (nil when the key is absent). */
export function runPop(ctx: CommandContext, pop: PopArguments & { readonly end: ListEnd }): Reply {
  const list = lookupList(ctx, pop.key);
  if (list === undefined) {
    return pop.count === undefined ? reply.null() : reply.nullArray();
  }
  if (pop.count === undefined) {
    return reply.bulkOrNull(popValues(ctx, pop.key, { list, end: pop.end, count: 1 })[0]);
  }
  if (pop.count === 0) {
    return reply.array([]);
  }
  return reply.bulks(popValues(ctx, pop.key, { list, end: pop.end, count: pop.count }));
}

// ---- blocking moves -----------------------------------------------------------------------------

/**
 * `blmoveGenericCommand`: moves at once when `source` has elements (logged as `effect`, the
 * non-blocking command), else blocks on `source` until it gets one or `timeout` passes (nil).
 */
export function blockingMove(
  ctx: CommandContext,
  move: {
    readonly source: string;
    readonly destination: string;
    readonly from: ListEnd;
    readonly to: ListEnd;
    readonly timeout: string;
    readonly effect: readonly string[];
  },
): CommandResult {
  const timeoutMs = parseTimeout(move.timeout, ctx.now);
  if (lookupList(ctx, move.source) === undefined) {
    return ctx.block({ keys: [move.source], timeoutMs, timeoutReply: reply.null() });
  }
  const result = moveElement(ctx, move);
  ctx.propagate(move.effect);
  return result;
}

// ---- multi-key pops -----------------------------------------------------------------------------

/**
 * Pops up to `count` elements from the first of `keys` holding a list, checking types in order
 * (`mpopGenericCommand`, `blockingPopGenericCommand`); undefined when none has one.
 */
export function popFirstList(
  ctx: CommandContext,
  pop: { readonly keys: readonly string[]; readonly end: ListEnd; readonly count: number },
): { key: string; values: string[] } | undefined {
  for (const key of pop.keys) {
    const list = lookupList(ctx, key);
    if (list !== undefined && !list.isEmpty()) {
      return { key, values: popValues(ctx, key, { list, end: pop.end, count: pop.count }) };
    }
  }
  return undefined;
}

/**
 * BLPOP/BRPOP: `[key, element]` from the first non-empty list, logged as LPOP/RPOP; else blocks on
 * every key until one gets an element or the timeout passes (a null array).
 */
export function runBlockingPop(
  ctx: CommandContext,
  pop: { readonly keys: readonly string[]; readonly timeout: string; readonly end: ListEnd },
): CommandResult {
  const timeoutMs = parseTimeout(pop.timeout, ctx.now);
  const popped = popFirstList(ctx, { keys: pop.keys, end: pop.end, count: 1 });
  if (popped === undefined) {
    return ctx.block({ keys: pop.keys, timeoutMs, timeoutReply: reply.nullArray() });
  }
  ctx.propagate([pop.end === "left" ? "LPOP" : "RPOP", popped.key]);
  return reply.bulks([popped.key, ...popped.values]);
}

/** What LMPOP and BLMPOP read after their numkeys. */
export interface MultiPopArguments {
  readonly keys: string[];
  readonly end: ListEnd;
  readonly count: number;
}

/**
 * `lmpopGenericCommand`'s parsing: numkeys (≥ 1), that many keys, LEFT|RIGHT, then COUNT at most
 * once (≥ 1).
 */
export function parseMultiPop(args: Args): MultiPopArguments {
  const numkeys = positiveInteger(args, ERR.NUMKEYS_NOT_POSITIVE);
  if (numkeys >= args.remaining) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const keys = args.take(numkeys);
  const end = parseListEnd(args);
  let count: number | undefined;
  while (args.hasMore()) {
    if (count === undefined && args.token() === "COUNT" && args.hasMore()) {
      count = positiveInteger(args, ERR.COUNT_NOT_POSITIVE);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { keys, end, count: count ?? 1 };
}

/** LMPOP/BLMPOP's answer `[key, [elements]]`, logged as `LPOP key n`/`RPOP key n`. */
export function multiPopReply(
  ctx: CommandContext,
  popped: { readonly key: string; readonly values: readonly string[]; readonly end: ListEnd },
): Reply {
  ctx.propagate([
    popped.end === "left" ? "LPOP" : "RPOP",
    popped.key,
    String(popped.values.length),
  ]);
  return reply.array([reply.bulk(popped.key), reply.bulks(popped.values)]);
}
