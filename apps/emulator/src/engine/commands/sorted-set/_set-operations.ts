/**
 * What several sorted-set commands share (src/t_zset.c): lookups, score replies, ZADD's core, the
 * ZRANGE family's parsing and selection, and the pops behind ZPOPMIN, BZPOPMIN, ZMPOP and BZMPOP.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseFloatArg, parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { SetValue } from "../../values/set.ts";
import {
  type AddFlags,
  formatScore,
  type LexRange,
  parseLexRange,
  parseScoreRange,
  type RankInterval,
  type ScoreRange,
  SortedSet,
  type SortedSetLimits,
  sortedSetLimits,
} from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import type { CommandContext, CommandResult } from "../context.ts";
import { parseTimeout } from "../list/_list-operations.ts";

/** The sorted set at `key` (WRONGTYPE for another type), or undefined. */
export function lookupSortedSet(ctx: CommandContext, key: string): SortedSet | undefined {
  return ctx.db.getContainer(key, "zset");
}

/** Removes `key` once its set is empty, announcing `del` as Redis does after removals. */
export function deleteIfEmpty(ctx: CommandContext, key: string, set: SortedSet): void {
  if (set.isEmpty()) {
    ctx.db.delete(key);
    ctx.notify("del", key, "g");
  }
}

/** A score as a bulk string (`addReplyDouble`). */
export function scoreReply(score: number): Reply {
  return reply.bulk(formatScore(score));
}

/** Members, each followed by its score when `withScores` (RESP2's flat WITHSCORES layout). */
export function entriesReply(
  entries: readonly (readonly [string, number])[],
  withScores: boolean,
): Reply {
  const items: Reply[] = [];
  for (const [member, score] of entries) {
    items.push(reply.bulk(member));
    if (withScores) {
      items.push(scoreReply(score));
    }
  }
  return reply.array(items);
}

/**
 * Replaces `destination` with `result` for the *STORE commands (`setKey`, which clears any TTL),
 * announcing `event`; an empty result deletes the destination instead. Answers the stored size.
 */
export function storeResult(
  ctx: CommandContext,
  store: { readonly destination: string; readonly result: SortedSet; readonly event: string },
): Reply {
  const { destination, result } = store;
  if (result.isEmpty()) {
    if (ctx.db.delete(destination)) {
      ctx.modified(destination, "del", "g");
    }
    return reply.integer(0);
  }
  ctx.db.set(destination, result);
  ctx.modified(destination, store.event, "z");
  return reply.integer(result.size);
}

// ---- ZADD and ZINCRBY ---------------------------------------------------------------------------

export interface AddArguments {
  readonly key: string;
  readonly flags: AddFlags;
  readonly ch: boolean;
  readonly pairs: readonly (readonly [number, string])[];
}

const ADD_OPTIONS = new Set(["NX", "XX", "CH", "INCR", "GT", "LT"]);

/**
 * `zaddGenericCommand`'s parsing: options before the pairs, then the checks in Redis's order
 * (pair count, NX+XX, GT/LT/NX, INCR with several pairs, each score). ZINCRBY goes through here
 * with `incr` set, which is why `ZINCRBY key nx member` is a syntax error in Redis too.
 */
export function parseAdd(args: Args, incr: boolean): AddArguments {
  const key = args.key();
  const options = new Set<string>();
  for (let option = args.peekToken(); option !== undefined && ADD_OPTIONS.has(option); ) {
    options.add(args.token());
    option = args.peekToken();
  }
  const rest = args.rest();
  if (rest.length === 0 || rest.length % 2 !== 0) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const flags = {
    nx: options.has("NX"),
    xx: options.has("XX"),
    gt: options.has("GT"),
    lt: options.has("LT"),
    incr: incr || options.has("INCR"),
  };
  if (flags.nx && flags.xx) {
    throw new ReplyError(ERR.XX_AND_NX);
  }
  if ((flags.gt && flags.nx) || (flags.lt && flags.nx) || (flags.gt && flags.lt)) {
    throw new ReplyError(ERR.GT_LT_NX);
  }
  if (flags.incr && rest.length > 2) {
    throw new ReplyError(ERR.INCR_SINGLE_PAIR);
  }
  const pairs: [number, string][] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const score = parseFloatArg(rest[i] ?? "");
    if (score === undefined) {
      throw new ReplyError(ERR.NOT_FLOAT);
    }
    pairs.push([score, rest[i + 1] ?? ""]);
  }
  return { key, flags, ch: options.has("CH"), pairs };
}

/**
 * ZADD/ZINCRBY: the number added (or added and updated with CH), or with INCR the new score (nil
 * when NX/XX/GT/LT skipped it). Announces `zadd`/`zincr` when anything changed.
 */
export function runAdd(ctx: CommandContext, add: AddArguments): Reply {
  const { key, flags, pairs } = add;
  const limits = sortedSetLimits(ctx.server.config);
  let set = lookupSortedSet(ctx, key);
  if (set === undefined) {
    if (flags.xx === true) {
      return flags.incr === true ? reply.null() : reply.integer(0);
    }
    set = SortedSet.create(limits, { size: pairs.length, memberLength: pairs[0]?.[1].length ?? 0 });
    ctx.db.set(key, set);
  } else {
    set.reserve(pairs.length, limits);
  }
  let added = 0;
  let updated = 0;
  let processed = 0;
  let score = 0;
  for (const [value, member] of pairs) {
    const result = set.add(member, value, { flags, limits });
    if (result.outcome === "nan") {
      // Only INCR can produce NaN, and it takes a single pair: nothing has changed yet.
      throw new ReplyError(ERR.SCORE_NAN);
    }
    added += result.outcome === "added" ? 1 : 0;
    updated += result.outcome === "updated" ? 1 : 0;
    processed += result.outcome === "skipped" ? 0 : 1;
    score = result.score;
  }
  if (added > 0 || updated > 0) {
    ctx.modified(key, flags.incr === true ? "zincr" : "zadd", "z");
  }
  if (flags.incr === true) {
    return processed > 0 ? scoreReply(score) : reply.null();
  }
  return reply.integer(add.ch ? added + updated : added);
}

// ---- the ZRANGE family --------------------------------------------------------------------------

export type RangeType = "rank" | "score" | "lex";

/** A parsed ZRANGE-style query (`zrangeGenericCommand` steps 1–2). */
export interface RangeQuery {
  readonly key: string;
  readonly type: RangeType;
  readonly isReverse: boolean;
  readonly withScores: boolean;
  readonly offset: number;
  /** −1 (or any negative) for no limit. */
  readonly limit: number;
  readonly start: number;
  readonly stop: number;
  readonly scores: ScoreRange | undefined;
  readonly lex: LexRange | undefined;
}

/**
 * Parses `<key> <min> <max> [BYSCORE|BYLEX] [REV] [WITHSCORES] [LIMIT offset count]` with the
 * options a given command allows: `type`/`isReverse` fixed by the older commands make BYSCORE,
 * BYLEX and REV syntax errors, and `isStore` (ZRANGESTORE) refuses WITHSCORES.
 */
export function parseRange(
  args: Args,
  fixed: { type?: RangeType; isReverse?: boolean; isStore?: boolean },
): RangeQuery {
  const key = args.key();
  let min = args.string();
  let max = args.string();
  let type = fixed.type;
  let isReverse = fixed.isReverse;
  let withScores = false;
  let offset = 0;
  let limit = -1;
  while (args.hasMore()) {
    const option = args.token();
    if (option === "WITHSCORES" && fixed.isStore !== true) {
      withScores = true;
    } else if (option === "LIMIT" && args.remaining >= 2) {
      offset = Number(args.bigInteger());
      limit = Number(args.bigInteger());
    } else if (option === "REV" && isReverse === undefined) {
      isReverse = true;
    } else if (option === "BYLEX" && type === undefined) {
      type = "lex";
    } else if (option === "BYSCORE" && type === undefined) {
      type = "score";
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  type ??= "rank";
  isReverse ??= false;
  // Redis compares the limit with −1, so `LIMIT 0 -1` passes with an index range.
  if (limit !== -1 && type === "rank") {
    throw new ReplyError(ERR.LIMIT_WITHOUT_BY);
  }
  if (withScores && type === "lex") {
    throw new ReplyError(ERR.WITHSCORES_WITH_BYLEX);
  }
  if (isReverse && type !== "rank") {
    // The reverse forms take the range as <max> <min>.
    [min, max] = [max, min];
  }
  const query = { key, type, isReverse, withScores, offset, limit };
  switch (type) {
    case "rank":
      return {
        ...query,
        start: Number(integerOf(min)),
        stop: Number(integerOf(max)),
        scores: undefined,
        lex: undefined,
      };
    case "score": {
      const scores = parseScoreRange(min, max);
      if (scores === undefined) {
        throw new ReplyError(ERR.MIN_MAX_NOT_FLOAT);
      }
      return { ...query, start: 0, stop: 0, scores, lex: undefined };
    }
    case "lex": {
      const lex = parseLexRange(min, max);
      if (lex === undefined) {
        throw new ReplyError(ERR.MIN_MAX_NOT_LEX);
      }
      return { ...query, start: 0, stop: 0, scores: undefined, lex };
    }
    default:
      return type satisfies never;
  }
}

function integerOf(text: string): number | bigint {
  const value = parseIntegerArg(text);
  if (value === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  return value;
}

/**
 * Clamps a Redis index range (negative counts from the end) to [0, length); undefined when empty.
 */
export function clampRanks(
  range: { readonly start: number; readonly stop: number },
  length: number,
): RankInterval | undefined {
  const start = Math.max(0, range.start < 0 ? length + range.start : range.start);
  const end = Math.min(length - 1, range.stop < 0 ? length + range.stop : range.stop);
  return start > end ? undefined : { start, end };
}

/**
 * The members a query selects, in reply order. Index ranges count from the end when reversed.
 * Score and lex ranges apply LIMIT as Redis ≥ 8 does, which differs by encoding for a negative
 * offset: a listpack walks off the end (nothing), the skiplist's `zslNthInRange` counts from the
 * other end of the range.
 */
export function selectRange(set: SortedSet, query: RangeQuery): [string, number][] {
  const length = set.size;
  const entries: [string, number][] = [];
  const collect = (from: number, to: number): void => {
    const isReverse = from > to;
    const interval = isReverse ? { start: to, end: from } : { start: from, end: to };
    set.forEachInRank({ ...interval, isReverse }, (member, score) => {
      entries.push([member, score]);
    });
  };
  if (query.type === "rank") {
    const ranks = clampRanks(query, length);
    if (ranks !== undefined) {
      if (query.isReverse) {
        collect(length - 1 - ranks.start, length - 1 - ranks.end);
      } else {
        collect(ranks.start, ranks.end);
      }
    }
    return entries;
  }
  const interval =
    query.type === "score"
      ? set.scoreRankInterval(query.scores as ScoreRange)
      : set.lexRankInterval(query.lex as LexRange, query.isReverse);
  if (interval === undefined || query.limit === 0) {
    return entries;
  }
  const first = firstSelected(interval, {
    offset: query.offset,
    isReverse: query.isReverse,
    isListpack: set.encoding() === "listpack",
  });
  if (first === undefined) {
    return entries;
  }
  const available = query.isReverse ? first - interval.start + 1 : interval.end - first + 1;
  const count = query.limit < 0 ? available : Math.min(query.limit, available);
  collect(first, query.isReverse ? first - count + 1 : first + count - 1);
  return entries;
}

/** The rank LIMIT's offset starts from inside `interval`, or undefined when nothing is left. */
function firstSelected(
  interval: RankInterval,
  position: { offset: number; isReverse: boolean; isListpack: boolean },
): number | undefined {
  const { start, end } = interval;
  const { offset, isReverse } = position;
  let first: number;
  if (offset >= 0) {
    first = isReverse ? end - offset : start + offset;
  } else if (position.isListpack) {
    return undefined;
  } else {
    // zslNthInRange with a negative n: forward counts back from the end, reverse from the start.
    first = isReverse ? start - offset - 1 : end + 1 + offset;
  }
  return first < start || first > end ? undefined : first;
}

// ---- pops ---------------------------------------------------------------------------------------

export type PopWhere = "min" | "max";

/**
 * Pops up to `count` members from the `where` end (`genericZpopCommand`): announces
 * `zpopmin`/`zpopmax` once and deletes the key when it empties.
 */
export function popEntries(
  ctx: CommandContext,
  key: string,
  pop: { readonly set: SortedSet; readonly where: PopWhere; readonly count: number },
): [string, number][] {
  const { set } = pop;
  const popped: [string, number][] = [];
  while (popped.length < pop.count && !set.isEmpty()) {
    const entry = set.at(pop.where === "min" ? 0 : set.size - 1) as [string, number];
    set.remove(entry[0]);
    popped.push(entry);
  }
  ctx.modified(key, pop.where === "min" ? "zpopmin" : "zpopmax", "z");
  deleteIfEmpty(ctx, key, set);
  return popped;
}

/** ZMPOP/BZMPOP's `[key, [[member, score], …]]`, logged as `ZPOPMIN|ZPOPMAX key count`. */
export function multiPopReply(
  ctx: CommandContext,
  popped: { readonly key: string; readonly entries: [string, number][]; readonly where: PopWhere },
): Reply {
  ctx.propagate([
    popped.where === "min" ? "ZPOPMIN" : "ZPOPMAX",
    popped.key,
    String(popped.entries.length),
  ]);
  return reply.array([
    reply.bulk(popped.key),
    reply.array(
      popped.entries.map(([member, score]) => reply.array([reply.bulk(member), scoreReply(score)])),
    ),
  ]);
}

/** What ZMPOP and BZMPOP read after their numkeys. */
export interface MultiPopArguments {
  readonly keys: string[];
  readonly where: PopWhere;
  readonly count: number;
}

/** `zmpopGenericCommand`'s parsing: numkeys (≥ 1), the keys, MIN|MAX, COUNT at most once (≥ 1). */
export function parseMultiPop(args: Args): MultiPopArguments {
  const numkeys = positiveInteger(args, ERR.NUMKEYS_NOT_POSITIVE);
  if (numkeys >= args.remaining) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const keys = args.take(numkeys);
  const where = args.token();
  if (where !== "MIN" && where !== "MAX") {
    throw new ReplyError(ERR.SYNTAX);
  }
  let count: number | undefined;
  while (args.hasMore()) {
    if (count === undefined && args.token() === "COUNT" && args.hasMore()) {
      count = positiveInteger(args, ERR.COUNT_NOT_POSITIVE);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { keys, where: where === "MIN" ? "min" : "max", count: count ?? 1 };
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

/** The current listpack limits, for commands building sets. */
export function limitsOf(ctx: CommandContext): SortedSetLimits {
  return sortedSetLimits(ctx.server.config);
}

// ---- ZRANK and ZREVRANK -------------------------------------------------------------------------

/** `zrankGenericCommand`'s arguments: more than WITHSCORE is an arity error, anything else syntax. */
export function parseRank(
  args: Args,
  command: string,
): { key: string; member: string; withScore: boolean } {
  const key = args.key();
  const member = args.string();
  if (args.remaining > 1) {
    throw new ReplyError(ERR.WRONG_ARITY(command));
  }
  let withScore = false;
  if (args.hasMore()) {
    if (args.token() !== "WITHSCORE") {
      throw new ReplyError(ERR.SYNTAX);
    }
    withScore = true;
  }
  return { key, member, withScore };
}

/** The rank (or `[rank, score]` with WITHSCORE), nil (a null array with WITHSCORE) when absent. */
export function runRank(
  ctx: CommandContext,
  query: { key: string; member: string; withScore: boolean; isReverse: boolean },
): Reply {
  const set = lookupSortedSet(ctx, query.key);
  const rank = set?.rank(query.member);
  if (set === undefined || rank === undefined) {
    return query.withScore ? reply.nullArray() : reply.null();
  }
  const position = query.isReverse ? set.size - 1 - rank : rank;
  if (!query.withScore) {
    return reply.integer(position);
  }
  return reply.array([reply.integer(position), scoreReply(set.score(query.member) as number)]);
}

/** ZRANGE and its older forms: the selected members (with scores when asked). */
export function runRange(ctx: CommandContext, query: RangeQuery): Reply {
  const set = lookupSortedSet(ctx, query.key);
  if (set === undefined) {
    return reply.array([]);
  }
  return entriesReply(selectRange(set, query), query.withScores);
}

/** ZPOPMIN/ZPOPMAX: `key [count]`; a third argument is a syntax error, the count non-negative. */
export function parsePop(args: Args): { key: string; count: number | undefined } {
  const key = args.key();
  if (args.remaining > 1) {
    throw new ReplyError(ERR.SYNTAX);
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

/** ZPOPMIN/ZPOPMAX: a flat `[member, score, …]` array (empty when the key is absent). */
export function runPop(
  ctx: CommandContext,
  pop: { readonly key: string; readonly count: number | undefined; readonly where: PopWhere },
): Reply {
  const set = lookupSortedSet(ctx, pop.key);
  if (set === undefined || pop.count === 0) {
    return reply.array([]);
  }
  const popped = popEntries(ctx, pop.key, { set, where: pop.where, count: pop.count ?? 1 });
  return entriesReply(popped, true);
}

/** The first of `keys` holding a sorted set, type-checking them in order (`genericZpopCommand`). */
export function firstSortedSet(
  ctx: CommandContext,
  keys: readonly string[],
): { key: string; set: SortedSet } | undefined {
  for (const key of keys) {
    const set = lookupSortedSet(ctx, key);
    if (set !== undefined && !set.isEmpty()) {
      return { key, set };
    }
  }
  return undefined;
}

/**
 * BZPOPMIN/BZPOPMAX: `[key, member, score]` from the first non-empty set, logged as ZPOPMIN/ZPOPMAX;
 * else blocks on every key until one gets a member or the timeout passes (a null array).
 */
export function runBlockingPop(
  ctx: CommandContext,
  pop: { readonly keys: readonly string[]; readonly timeout: string; readonly where: PopWhere },
): CommandResult {
  const timeoutMs = parseTimeout(pop.timeout, ctx.now);
  const found = firstSortedSet(ctx, pop.keys);
  if (found === undefined) {
    return ctx.block({ keys: pop.keys, timeoutMs, timeoutReply: reply.nullArray() });
  }
  const [entry] = popEntries(ctx, found.key, { set: found.set, where: pop.where, count: 1 });
  ctx.propagate([pop.where === "min" ? "ZPOPMIN" : "ZPOPMAX", found.key]);
  const [member = "", score = 0] = entry ?? [];
  return reply.array([reply.bulk(found.key), reply.bulk(member), scoreReply(score)]);
}

// ---- ZUNION, ZINTER, ZDIFF and their STORE forms ------------------------------------------------

export type SetOperation = "union" | "inter" | "diff";
export type Aggregate = "sum" | "min" | "max";

/** What `zunionInterDiffGenericCommand` reads before looking anything up. */
export interface SetOperationArguments {
  readonly keys: string[];
  /** WEIGHTS, AGGREGATE, WITHSCORES and LIMIT come after the keys and are read once they exist. */
  readonly options: string[];
}

/**
 * numkeys (an integer ≥ 1, else `at least 1 input key is needed for '<command>'`) and that many
 * keys; the options are parsed later, as Redis looks the keys up (and type-checks them) first.
 */
export function parseSetOperation(args: Args, command: string): SetOperationArguments {
  const numkeys = integerOf(args.string());
  if (numkeys < 1) {
    throw new ReplyError(ERR.NO_INPUT_KEYS(command));
  }
  if (numkeys > args.remaining) {
    throw new ReplyError(ERR.SYNTAX);
  }
  return { keys: args.take(Number(numkeys)), options: args.rest() };
}

/** A sorted set or a plain set as an input (a set's members all score 1). */
interface Source {
  readonly size: number;
  /** Iterates (member, score) pairs. */
  readonly entries: () => Iterable<readonly [string, number]>;
  readonly score: (member: string) => number | undefined;
  weight: number;
}

const EMPTY_SOURCE: Omit<Source, "weight"> = {
  size: 0,
  entries: () => [],
  score: () => undefined,
};

/** Each key as a source; WRONGTYPE for anything but a sorted set or a set. */
function lookupSources(ctx: CommandContext, keys: readonly string[]): Source[] {
  return keys.map((key): Source => {
    const value = ctx.db.get(key);
    if (value === undefined) {
      return { ...EMPTY_SOURCE, weight: 1 };
    }
    if (value instanceof SortedSet) {
      return {
        size: value.size,
        entries: () => value.entries(),
        score: (member) => value.score(member),
        weight: 1,
      };
    }
    if (value instanceof SetValue) {
      return {
        size: value.size,
        entries: () => value.members.map((member): [string, number] => [member, 1]),
        score: (member) => (value.has(member) ? 1 : undefined),
        weight: 1,
      };
    }
    throw new ReplyError(ERR.WRONGTYPE);
  });
}

/** `zunionInterAggregate`: SUM turns inf + -inf (NaN) into 0, as Redis does. */
function aggregate(target: number, value: number, how: Aggregate): number {
  switch (how) {
    case "sum": {
      const sum = target + value;
      return Number.isNaN(sum) ? 0 : sum;
    }
    case "min":
      // biome-ignore lint/complexity/useMathMinMax: Math.min(0, -0) is -0; Redis keeps `target`.
      return value < target ? value : target;
    case "max":
      // biome-ignore lint/complexity/useMathMinMax: Math.max(-0, 0) is 0; Redis keeps `target`.
      return value > target ? value : target;
    default:
      return how satisfies never;
  }
}

/** A weighted score; 0 × ±inf (NaN) counts as 0. */
function weighted(score: number, weight: number): number {
  const value = score * weight;
  return Number.isNaN(value) ? 0 : value;
}

interface SetOperationOptions {
  aggregate: Aggregate;
  withScores: boolean;
  limit: number;
}

/** The options after the keys, each allowed only where Redis allows it. */
function parseOperationOptions(
  options: readonly string[],
  context: { sources: Source[]; operation: SetOperation; mode: "reply" | "store" | "count" },
): SetOperationOptions {
  const { sources, operation, mode } = context;
  const parsed: SetOperationOptions = { aggregate: "sum", withScores: false, limit: 0 };
  let i = 0;
  while (i < options.length) {
    const option = asciiUpper(options[i] ?? "");
    const remaining = options.length - i;
    const weighs = operation !== "diff" && mode !== "count";
    if (weighs && option === "WEIGHTS" && remaining >= sources.length + 1) {
      for (const source of sources) {
        i++;
        const weight = parseFloatArg(options[i] ?? "");
        if (weight === undefined) {
          throw new ReplyError(ERR.WEIGHT_NOT_FLOAT);
        }
        source.weight = weight;
      }
      i++;
    } else if (weighs && option === "AGGREGATE" && remaining >= 2) {
      const how = asciiUpper(options[i + 1] ?? "");
      if (how !== "SUM" && how !== "MIN" && how !== "MAX") {
        throw new ReplyError(ERR.SYNTAX);
      }
      parsed.aggregate = how === "SUM" ? "sum" : how === "MIN" ? "min" : "max";
      i += 2;
    } else if (mode === "reply" && option === "WITHSCORES") {
      parsed.withScores = true;
      i++;
    } else if (mode === "count" && option === "LIMIT" && remaining >= 2) {
      const limit = parseIntegerArg(options[i + 1] ?? "");
      if (limit === undefined || limit < 0) {
        throw new ReplyError(ERR.LIMIT_NEGATIVE);
      }
      parsed.limit = Number(limit);
      i += 2;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return parsed;
}

/**
 * Computes a union, intersection or difference as (member, score) pairs. Inputs are taken from
 * the smallest up for union and intersection (ties keep their order), which fixes the order in
 * which floating-point sums are made.
 */
function combine(
  sources: readonly Source[],
  operation: { kind: SetOperation; aggregate: Aggregate; limit?: number },
): Map<string, number> {
  const result = new Map<string, number>();
  if (operation.kind === "diff") {
    const [first, ...others] = sources;
    if (first === undefined) {
      return result;
    }
    for (const [member, score] of first.entries()) {
      if (others.every((other) => other.score(member) === undefined)) {
        result.set(member, score);
      }
    }
    return result;
  }
  const ordered = [...sources].sort((a, b) => a.size - b.size);
  if (operation.kind === "union") {
    for (const source of ordered) {
      for (const [member, score] of source.entries()) {
        const value = weighted(score, source.weight);
        const current = result.get(member);
        result.set(
          member,
          current === undefined ? value : aggregate(current, value, operation.aggregate),
        );
      }
    }
    return result;
  }
  const [smallest, ...others] = ordered;
  if (smallest === undefined || smallest.size === 0) {
    return result;
  }
  for (const [member, score] of smallest.entries()) {
    let value = weighted(score, smallest.weight);
    let isEverywhere = true;
    for (const other of others) {
      const found = other.score(member);
      if (found === undefined) {
        isEverywhere = false;
        break;
      }
      value = aggregate(value, weighted(found, other.weight), operation.aggregate);
    }
    if (isEverywhere) {
      result.set(member, value);
      if (operation.limit !== undefined && operation.limit > 0 && result.size >= operation.limit) {
        break;
      }
    }
  }
  return result;
}

/** The pairs in sorted-set order: by score, then member bytes. */
function sortedEntries(entries: Map<string, number>): [string, number][] {
  return [...entries].sort(([am, as], [bm, bs]) =>
    as !== bs ? (as < bs ? -1 : 1) : am < bm ? -1 : am > bm ? 1 : 0,
  );
}

/** ZUNION/ZINTER/ZDIFF: the resulting members (with scores on WITHSCORES), in order. */
export function runSetOperation(
  ctx: CommandContext,
  request: SetOperationArguments & { readonly kind: SetOperation },
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: request.kind,
    mode: "reply",
  });
  const result = combine(sources, { kind: request.kind, aggregate: options.aggregate });
  return entriesReply(sortedEntries(result), options.withScores);
}

/** ZINTERCARD: the size of the intersection, counting stopped at LIMIT (0: no limit). */
export function runIntersectionCardinality(
  ctx: CommandContext,
  request: SetOperationArguments,
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: "inter",
    mode: "count",
  });
  return reply.integer(
    combine(sources, { kind: "inter", aggregate: "sum", limit: options.limit }).size,
  );
}

/**
 * ZUNIONSTORE/ZINTERSTORE/ZDIFFSTORE: replaces `destination` with the result (built as a skiplist,
 * then compacted to a listpack when small, as `zsetConvertToListpackIfNeeded` does); the size.
 */
export function runSetOperationStore(
  ctx: CommandContext,
  request: SetOperationArguments & { readonly kind: SetOperation; readonly destination: string },
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: request.kind,
    mode: "store",
  });
  const combined = combine(sources, { kind: request.kind, aggregate: options.aggregate });
  const limits = limitsOf(ctx);
  const result = new SortedSet();
  result.useSkiplist();
  for (const [member, score] of combined) {
    result.add(member, score, { flags: {}, limits });
  }
  result.compactIfSmall(limits);
  return storeResult(ctx, {
    destination: request.destination,
    result,
    event: `z${request.kind}store`,
  });
}
