/**
 * What several list commands share (src/t_list.c): LEFT/RIGHT arguments, pops that tidy up after
 * themselves, the move behind LMOVE and friends, numkeys-style key positions, and the blocking
 * timeout argument (src/timeout.c), which the sorted-set group's blocking pops use too.
 */

import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import type { Reply } from "../../reply.ts";
import { reply } from "../../reply.ts";
import { List, type ListEnd, listFill } from "../../values/list.ts";
import type { Args } from "../args.ts";
import type { CommandContext, CommandResult } from "../context.ts";

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

/**
 * Key positions of a numkeys command (LMPOP, BLMPOP, ZUNION, …) for COMMAND GETKEYS: `numkeys`
 * at `index`, then that many keys. Invalid counts give no keys, as Redis's getkeys do.
 */
export function numkeysPositions(argv: readonly string[], index: number): number[] {
  const count = parseIntegerArg(argv[index] ?? "");
  if (typeof count !== "number" || count < 1) {
    return [];
  }
  const positions: number[] = [];
  for (let position = index + 1; position <= index + count && position < argv.length; position++) {
    positions.push(position);
  }
  return positions;
}

/**
 * `getRangeLongFromObjectOrReply(…, 1, LONG_MAX, …, msg)`: a positive 64-bit integer, where both
 * a non-integer and a value below 1 answer `error`.
 */
export function positiveInteger(args: Args, error: string): number {
  const value = parseIntegerArg(args.string());
  if (value === undefined || value < 1) {
    throw new ReplyError(error);
  }
  return Number(value);
}

// ---- blocking timeouts --------------------------------------------------------------------------

/** `LLONG_MAX` as the double C compares it with (2^63). */
const LLONG_MAX = 2 ** 63;
/** `MAX_LONG_DOUBLE_CHARS`: `string2ld` refuses longer texts. */
const MAX_LONG_DOUBLE_CHARS = 5 * 1024;
/** The decimal exponent range of an x87 long double, which `strtold` parses into. */
const LONG_DOUBLE_MAX_EXPONENT = 4932;
const LONG_DOUBLE_MIN_EXPONENT = -4951;

const DECIMAL = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
const HEXADECIMAL = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/;
const INFINITY = /^([+-]?)inf(?:inity)?$/i;

/**
 * `string2ld`: the whole text as `strtold` reads it (decimal, hexadecimal, `inf`), no leading
 * space, not NaN, not overflowing the long double range and not underflowing to zero. Values past
 * a JS double's range come back as ±Infinity or ±`Number.MIN_VALUE`, which is all a timeout needs.
 */
function parseLongDouble(text: string): number | undefined {
  if (text.length === 0 || text.length >= MAX_LONG_DOUBLE_CHARS) {
    return undefined;
  }
  const infinity = INFINITY.exec(text);
  if (infinity !== null) {
    return infinity[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  const hex = HEXADECIMAL.exec(text);
  if (hex !== null) {
    const [, sign = "", whole = "", fraction = "", exponent = "0"] = hex;
    if (whole === "" && fraction === "") {
      return undefined;
    }
    const magnitude =
      Number.parseInt(whole || "0", 16) +
      (fraction === "" ? 0 : Number.parseInt(fraction, 16) / 16 ** fraction.length);
    const value = magnitude * 2 ** Number(exponent);
    return sign === "-" ? -value : value;
  }
  const decimal = DECIMAL.exec(text);
  if (decimal === null) {
    return undefined;
  }
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = decimal;
  if (whole === "" && fraction === "") {
    return undefined;
  }
  const value = Number(text);
  const digits = (whole + fraction).replace(/^0+/, "");
  if (digits === "") {
    return value;
  }
  // The decimal exponent of the leading digit decides overflow and underflow.
  const leading = whole.replace(/^0+/, "");
  const magnitude =
    Number(exponent) +
    (leading !== ""
      ? leading.length - 1
      : -(fraction.length - fraction.replace(/^0+/, "").length) - 1);
  if (magnitude > LONG_DOUBLE_MAX_EXPONENT || magnitude < LONG_DOUBLE_MIN_EXPONENT) {
    return undefined;
  }
  if (value === 0) {
    return sign === "-" ? -Number.MIN_VALUE : Number.MIN_VALUE;
  }
  return value;
}

/**
 * A blocking command's timeout in seconds (`getTimeoutFromObjectOrReply` with `UNIT_SECONDS`), as
 * milliseconds rounded up; 0 blocks forever. `now` bounds it so the deadline fits in 64 bits.
 */
export function parseTimeout(text: string, now: number): number {
  const seconds = parseLongDouble(text);
  if (seconds === undefined) {
    throw new ReplyError(ERR.TIMEOUT_NOT_FLOAT);
  }
  const milliseconds = seconds * 1000;
  if (milliseconds > LLONG_MAX) {
    throw new ReplyError(ERR.TIMEOUT_OUT_OF_RANGE);
  }
  // ceill: a tiny positive timeout waits 1 ms; a tiny negative one rounds to 0 (forever).
  const rounded = Math.ceil(milliseconds);
  if (rounded < 0) {
    throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
  }
  if (rounded > LLONG_MAX - now) {
    throw new ReplyError(ERR.TIMEOUT_OUT_OF_RANGE);
  }
  return rounded === 0 ? 0 : rounded;
}

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

/** BLPOP/BRPOP: `key... timeout`, the timeout read when the command runs. */
export function parseBlockingPop(args: Args): { keys: string[]; timeout: string } {
  const rest = args.rest();
  const timeout = rest.pop() ?? "";
  return { keys: rest, timeout };
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
