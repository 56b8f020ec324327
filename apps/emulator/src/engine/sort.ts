/**
 * SORT and SORT_RO (src/sort.c sortCommandGeneric): options, the `*` / `->field` pattern lookups,
 * numeric and ALPHA ordering with Redis's tie-breaks, LIMIT clamping, GET and STORE.
 */
import { asciiUpper } from "./bytes.ts";
import type { Args } from "./commands/args.ts";
import type { CommandContext } from "./commands/context.ts";
import type { KeyReference } from "./commands/define.ts";
import { ERR, ReplyError } from "./errors.ts";
import type { Database } from "./keyspace.ts";
import { parseFloatArg } from "./numbers.ts";
import { type Reply, reply } from "./reply.ts";
import { hashField, sortableElements } from "./sortable.ts";
import { List, listFill } from "./values/list.ts";

export interface SortOptions {
  readonly key: string;
  readonly isDescending: boolean;
  readonly isAlpha: boolean;
  readonly limit: { readonly offset: number; readonly count: number } | undefined;
  /** BY pattern; undefined when absent. A pattern without `*` means "do not sort". */
  readonly by: string | undefined;
  readonly gets: readonly string[];
  readonly store: string | undefined;
}

/** Parses SORT's options in any order; the last of repeated ones wins, as in Redis. */
export function parseSortOptions(args: Args, isReadOnly: boolean): SortOptions {
  const key = args.key();
  let isDescending = false;
  let isAlpha = false;
  let limit: SortOptions["limit"];
  let by: string | undefined;
  const gets: string[] = [];
  let store: string | undefined;
  while (args.hasMore()) {
    const token = args.token();
    if (token === "ASC") {
      isDescending = false;
    } else if (token === "DESC") {
      isDescending = true;
    } else if (token === "ALPHA") {
      isAlpha = true;
    } else if (token === "LIMIT" && args.remaining >= 2) {
      limit = { offset: args.integer(), count: args.integer() };
    } else if (token === "STORE" && !isReadOnly && args.hasMore()) {
      store = args.key();
    } else if (token === "BY" && args.hasMore()) {
      by = args.string();
    } else if (token === "GET" && args.hasMore()) {
      gets.push(args.string());
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { key, isDescending, isAlpha, limit, by, gets, store };
}

/** `sortGetKeys`: the sorted key and the key of the last STORE option. */
/** sortGetKeys with its flags: the sorted key is read, the STORE key overwritten. */
export function sortKeysWithFlags(argv: readonly string[]): KeyReference[] {
  return sortKeyPositions(argv).map((position, index) => ({
    position,
    flags: index === 0 ? ["RO", "access"] : ["OW", "update"],
  }));
}

export function sortKeyPositions(argv: readonly string[]): number[] {
  const positions = [1];
  let store: number | undefined;
  for (let i = 2; i < argv.length; i++) {
    const token = asciiUpper(argv[i] ?? "");
    if (token === "LIMIT") {
      i += 2;
    } else if (token === "GET" || token === "BY") {
      i += 1;
    } else if (token === "STORE" && i + 1 < argv.length) {
      store = i + 1;
    }
  }
  if (store !== undefined) {
    positions.push(store);
  }
  return positions;
}

interface SortItem {
  readonly element: string;
  score: number;
  /** ALPHA with BY: the looked-up value, undefined when missing. */
  compareWith: string | undefined;
}

export function runSort(ctx: CommandContext, options: SortOptions): Reply {
  const value = ctx.db.get(options.key);
  const elements = value === undefined ? [] : sortableElements(value);
  if (elements === undefined) {
    throw new ReplyError(ERR.WRONGTYPE);
  }
  let isAlpha = options.isAlpha;
  let by = options.by;
  let dontSort = by !== undefined && !by.includes("*");
  // A set's order is arbitrary: with STORE Redis sorts it anyway (ALPHA, no BY) so replicas agree.
  if (dontSort && value !== undefined && typeof value !== "string" && value.type === "set") {
    if (options.store !== undefined || ctx.session.inScript) {
      dontSort = false;
      isAlpha = true;
      by = undefined;
    }
  }
  const { start, end } = limitRange(options.limit, elements.length);
  const items: SortItem[] = elements.map((element) => ({
    element,
    score: 0,
    compareWith: undefined,
  }));
  if (!dontSort) {
    loadSortKeys(ctx.db, items, { by, isAlpha });
    const compare = comparator({ isAlpha, hasBy: by !== undefined });
    items.sort(options.isDescending ? (a, b) => -compare(a, b) : compare);
  } else if (options.isDescending && value !== undefined && typeof value !== "string") {
    // BY nosort on a sorted set with DESC walks it from the highest score (Redis's direct load).
    if (value.type === "zset") {
      items.reverse();
    }
  }
  const selected = items.slice(start, end + 1);
  const output: (string | undefined)[] = [];
  for (const item of selected) {
    if (options.gets.length === 0) {
      output.push(item.element);
    }
    for (const pattern of options.gets) {
      output.push(lookupByPattern(ctx.db, pattern, item.element));
    }
  }
  if (options.store === undefined) {
    return reply.bulksOrNull(output);
  }
  return storeResult(ctx, options.store, output);
}

/** LIMIT's clamping (sortCommandGeneric): negative offset 0, negative count "to the end". */
function limitRange(limit: SortOptions["limit"], length: number): { start: number; end: number } {
  const offset = limit?.offset ?? 0;
  const count = limit?.count ?? -1;
  let start = Math.max(offset, 0);
  let end = count < 0 ? length - 1 : start + count - 1;
  if (start >= length) {
    start = length - 1;
    end = length - 2;
  }
  if (end >= length) {
    end = length - 1;
  }
  return { start: Math.max(0, start), end };
}

function loadSortKeys(
  db: Database,
  items: SortItem[],
  options: { by: string | undefined; isAlpha: boolean },
): void {
  for (const item of items) {
    let sortBy: string | undefined = item.element;
    if (options.by !== undefined) {
      sortBy = lookupByPattern(db, options.by, item.element);
      if (sortBy === undefined) {
        // A missing BY value sorts as score 0 (numeric) or before everything (ALPHA).
        continue;
      }
    }
    if (options.isAlpha) {
      if (options.by !== undefined) {
        item.compareWith = sortBy;
      }
    } else {
      const score = parseSortScore(sortBy);
      if (score === undefined) {
        throw new ReplyError(ERR.SORT_NOT_DOUBLE);
      }
      item.score = score;
    }
  }
}

/**
 * `strtod` over the whole value: the empty string reads as 0, overflow and underflow (ERANGE) and
 * NaN are refused, leading whitespace is skipped.
 */
function parseSortScore(text: string): number | undefined {
  if (text === "") {
    return 0;
  }
  const trimmed = text.replace(/^[ \t\n\v\f\r]+/, "");
  const score = parseFloatArg(trimmed);
  if (score === undefined) {
    return undefined;
  }
  const isInfinityText = /inf/i.test(trimmed);
  const mantissa = trimmed.split(/[eE]/)[0] ?? "";
  if (
    (!Number.isFinite(score) && !isInfinityText) ||
    (score === 0 && /[1-9]/.test(mantissa) && !/^[+-]?0[xX]/.test(trimmed))
  ) {
    return undefined;
  }
  return score;
}

function comparator(options: {
  isAlpha: boolean;
  hasBy: boolean;
}): (a: SortItem, b: SortItem) => number {
  if (!options.isAlpha) {
    // Equal scores fall back to comparing the elements, so the order is deterministic.
    return (a, b) => a.score - b.score || compareBinary(a.element, b.element);
  }
  if (options.hasBy) {
    return (a, b) => {
      if (a.compareWith === undefined || b.compareWith === undefined) {
        return a.compareWith === b.compareWith ? 0 : a.compareWith === undefined ? -1 : 1;
      }
      return compareBinary(a.compareWith, b.compareWith);
    };
  }
  return (a, b) => compareBinary(a.element, b.element);
}

/** Byte-wise comparison (memcmp, and strcoll in the C locale). */
function compareBinary(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `lookupKeyByPattern`: `#` is the element itself; otherwise the first `*` is replaced by the
 * element and the key read as a string, or as a hash field after `->`. Undefined when the pattern
 * has no `*`, the key is missing or holds another type.
 */
function lookupByPattern(db: Database, pattern: string, element: string): string | undefined {
  if (pattern === "#") {
    return element;
  }
  const star = pattern.indexOf("*");
  if (star === -1) {
    return undefined;
  }
  const arrow = pattern.indexOf("->", star + 1);
  const hasField = arrow !== -1 && arrow + 2 < pattern.length;
  const keyPattern = hasField ? pattern.slice(0, arrow) : pattern;
  const key = keyPattern.slice(0, star) + element + keyPattern.slice(star + 1);
  const value = db.get(key);
  if (value === undefined) {
    return undefined;
  }
  if (hasField) {
    return hashField(value, pattern.slice(arrow + 2));
  }
  return typeof value === "string" ? value : undefined;
}

/** STORE: the result as a list (missing GET values become empty strings); an empty result deletes. */
function storeResult(
  ctx: CommandContext,
  destination: string,
  output: (string | undefined)[],
): Reply {
  const values = output.map((value) => value ?? "");
  if (values.length > 0) {
    const list = new List();
    list.convertBeforeGrowing(listFill(ctx.server.config), values);
    for (const value of values) {
      list.pushTail(value);
    }
    ctx.db.set(destination, list);
    ctx.modified(destination, "sortstore", "l");
  } else if (ctx.db.delete(destination)) {
    ctx.modified(destination, "del", "g");
  }
  return reply.integer(values.length);
}
