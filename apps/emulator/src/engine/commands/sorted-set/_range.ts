import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type LexRange,
  parseLexRange,
  parseScoreRange,
  type RankInterval,
  type ScoreRange,
  type SortedSet,
} from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { integerOf } from "../shared-arguments.ts";
import { entriesReply, lookupSortedSet, scoreReply } from "./_lookup.ts";

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
