import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import type { SortedSet } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import { parseTimeout } from "../blocking-timeout.ts";
import type { CommandContext, CommandResult } from "../context.ts";
import { positiveInteger } from "../shared-arguments.ts";
import { deleteIfEmpty, entriesReply, lookupSortedSet, scoreReply } from "./_lookup.ts";

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
