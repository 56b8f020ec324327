/**
 * MEMORY USAGE as Redis 7.0 computes it (src/object.c `objectComputeSize` and `memoryCommand`):
 * the key's dict entry and sds, the value's robj, and each encoding's allocations rounded up to
 * jemalloc's size classes (`zmalloc_size`). Where Redis samples (hashtables, skiplists, quicklist
 * nodes, stream nodes), this samples the same elements (the first `samples` in order; for a
 * hashtable, whose order in Redis is its buckets', positions spread over the engine's order) and
 * scales the average the same way; `samples` 0 means every element.
 *
 * What stays an estimate, and why:
 * - Hashtable slots are the table Redis ends up with at rest (`dictSlots`: a power of two ≥ size, at
 *   least 4). Right after a table grows Redis holds both tables until incremental rehashing has
 *   moved every bucket (a few more operations on that key), and it shrinks a table only once it
 *   is under 10% full.
 * - A skiplist node's level is random in Redis (`zslRandomLevel`, p = 1/4); each node is counted
 *   at the expected allocation over that distribution.
 * - A quicklist's nodes are packed as pushes at the tail pack them (`_quicklistNodeAllowInsert`):
 *   with SAMPLES 0 every node is walked; otherwise the nodes are those of elements of the list's
 *   mean size (O(1): the maxmemory account runs on every write), which is what Redis's sample of
 *   the first nodes finds for a list of like elements.
 * - Streams: see `stream-memory-size.ts`.
 * - An intset's width follows its current members (Redis never narrows one after a removal).
 */

import { allocationSize, sdsSize } from "./allocation-size.ts";
import type { ConfigApi } from "./config.ts";
import {
  EMPTY_LISTPACK,
  listpackEntrySize,
  listpackIntegerSize,
  listpackStringSize,
} from "./listpack-size.ts";
import { streamSize } from "./stream-memory-size.ts";
import type { HashValue } from "./values/hash.ts";
import { jsonMemoryUsage } from "./values/json/memory.ts";
import { type List, listFill } from "./values/list.ts";
import type { SetValue } from "./values/set.ts";
import { formatScoreG17, type SortedSet } from "./values/sorted-set.ts";
import { stringEncoding } from "./values/string.ts";
import type { StoredValue } from "./values/types.ts";

export interface UsageOptions {
  /** Elements (or nodes) sampled per container; 0 counts every one. */
  readonly samples: number;
  /** `list-max-listpack-size`, which decides how a quicklist's nodes fill (default -2). */
  readonly listFill?: number;
}

/** The options MEMORY USAGE would use with this configuration. */
export function usageOptions(config: Pick<ConfigApi, "derived">, samples: number): UsageOptions {
  return { samples, listFill: listFill(config) };
}

export { allocationSize } from "./allocation-size.ts";

/** `sizeof(robj)`. */
const ROBJ = 16;
/** `sizeof(dictEntry)`: key, value and next pointers. */
const DICT_ENTRY = 24;
/** `sizeof(dict)` in 7.0: type, two tables, two used counts, rehashidx, pauserehash, exponents. */
const DICT = 56;
const POINTER = 8;
/** `DICT_HT_INITIAL_SIZE`. */
const DICT_MIN_SLOTS = 4;

/** MEMORY USAGE key: the value's size plus the key's sds and its dict entry (`memoryCommand`). */
export function estimateMemoryUsage(
  key: string,
  value: StoredValue,
  options: UsageOptions,
): number {
  return DICT_ENTRY + allocationSize(sdsSize(key.length)) + objectSize(value, options);
}

/** `objectComputeSize` for each type and encoding. */
function objectSize(value: StoredValue, options: UsageOptions): number {
  if (typeof value === "string") {
    return stringSize(value);
  }
  const samples = options.samples === 0 ? Number.POSITIVE_INFINITY : options.samples;
  switch (value.type) {
    case "hash":
      return ROBJ + hashSize(value, samples);
    case "set":
      return ROBJ + setSize(value, samples);
    case "zset":
      return ROBJ + sortedSetSize(value, samples);
    case "list":
      return ROBJ + listSize(value, { samples, fill: options.listFill ?? -2 });
    case "stream":
      return ROBJ + streamSize(value, samples);
    case "ReJSON-RL":
      // A module type answers with its own `mem_usage` (RedisJSON's, as JSON.DEBUG MEMORY).
      return jsonMemoryUsage(value.root);
    default:
      return value satisfies never;
  }
}

function stringSize(value: string): number {
  switch (stringEncoding(value)) {
    case "int":
      return ROBJ;
    case "embstr":
      // robj and an sdshdr8 share one allocation.
      return allocationSize(ROBJ + 3 + value.length + 1);
    default:
      return ROBJ + allocationSize(valueSdsSize(value.length));
  }
}

/** A raw string value's sds, taken as an sdshdr8 at least (raw values pass 44 bytes). */
function valueSdsSize(length: number): number {
  return Math.max(sdsSize(length), 3 + length + 1);
}

/** `sdsZmallocSize` of a member, field or value Redis holds in a dict. */
function elementSize(text: string): number {
  return allocationSize(sdsSize(text.length));
}

/** `dictSlots` at rest: the table doubles when full, starting at 4 (or presized on conversion). */
export function dictSlots(size: number): number {
  let slots = DICT_MIN_SLOTS;
  while (slots < size) {
    slots *= 2;
  }
  return slots;
}

/** The dict itself and its table. */
function dictSize(size: number): number {
  return DICT + POINTER * dictSlots(size);
}

/** Sums `measure` over the first `samples` of `count` elements and scales the mean to `count`. */
function sampled<T>(
  elements: Iterable<T>,
  count: number,
  { samples, measure }: { samples: number; measure: (element: T) => number },
): number {
  let total = 0;
  let seen = 0;
  for (const element of elements) {
    if (seen >= samples) {
      break;
    }
    total += measure(element);
    seen++;
  }
  return seen === 0 ? 0 : Math.trunc((total / seen) * count);
}

/**
 * The same over a hashtable, whose iteration order in Redis is its buckets' (unrelated to when
 * elements came): `samples` positions spread evenly over the engine's order stand in for them.
 */
function sampledSpread(
  count: number,
  { samples, measure }: { samples: number; measure: (position: number) => number },
): number {
  const taken = Math.min(samples, count);
  let total = 0;
  for (let i = 0; i < taken; i++) {
    total += measure(Math.floor((i * count) / taken));
  }
  return taken === 0 ? 0 : Math.trunc((total / taken) * count);
}

// ---- hashes ------------------------------------------------------------------------------------

/** A field-expiry listpack's struct (`listpackEx`: the listpack, its metadata and a key pointer). */
const LISTPACK_EX = 32;

function hashSize(hash: HashValue, samples: number): number {
  const encoding = hash.encoding();
  if (encoding === "hashtable") {
    return (
      dictSize(hash.size) +
      sampledSpread(hash.size, {
        samples,
        measure: (at) => DICT_ENTRY + elementSize(hash.fieldAt(at)) + elementSize(hash.valueAt(at)),
      })
    );
  }
  let bytes = EMPTY_LISTPACK;
  for (let at = 0; at < hash.size; at++) {
    const field = hash.fieldAt(at);
    bytes += listpackEntrySize(field) + listpackEntrySize(hash.valueAt(at));
    if (encoding === "listpackex") {
      // Redis 7.4's listpackex keeps a third element per field: its expiry, or 0.
      const expiry = hash.expiresAt(field);
      bytes += expiry === undefined ? listpackIntegerSize(0) : listpackEntrySize(String(expiry));
    }
  }
  return allocationSize(bytes) + (encoding === "listpackex" ? allocationSize(LISTPACK_EX) : 0);
}

// ---- sets --------------------------------------------------------------------------------------

/** `sizeof(intset)`: encoding and length, both uint32. */
const INTSET_HEADER = 8;

function setSize(set: SetValue, samples: number): number {
  const encoding = set.encoding();
  switch (encoding) {
    case "intset":
      return allocationSize(INTSET_HEADER + intsetWidth(set.members) * set.size);
    case "listpack": {
      let bytes = EMPTY_LISTPACK;
      for (const member of set.members) {
        bytes += listpackEntrySize(member);
      }
      return allocationSize(bytes);
    }
    case "hashtable":
      return (
        dictSize(set.size) +
        sampledSpread(set.size, {
          samples,
          measure: (at) => DICT_ENTRY + elementSize(set.at(at)),
        })
      );
    default:
      return encoding satisfies never;
  }
}

/** `_intsetValueEncoding` of the widest member: 2, 4 or 8 bytes. */
function intsetWidth(members: readonly string[]): number {
  let width = 2;
  for (const member of members) {
    const value = Number(member);
    if (value < -2147483648 || value > 2147483647) {
      return 8;
    }
    if (value < -32768 || value > 32767) {
      width = 4;
    }
  }
  return width;
}

// ---- sorted sets -------------------------------------------------------------------------------

/** `sizeof(zset)` (dict and skiplist pointers) and `sizeof(zskiplist)` (header, tail, length, level). */
const ZSET = 16;
const ZSKIPLIST = 24;
/** `zskiplistNode`: ele, score, backward, then a forward pointer and span per level. */
const SKIPLIST_NODE = 24;
const SKIPLIST_LEVEL = 16;
const SKIPLIST_MAX_LEVEL = 32;
/** `ZSKIPLIST_P`: the chance a node has one more level. */
const SKIPLIST_P = 0.25;

/** The header node has every level. */
const SKIPLIST_HEADER = allocationSize(SKIPLIST_NODE + SKIPLIST_MAX_LEVEL * SKIPLIST_LEVEL);

/** A node's expected allocation over `zslRandomLevel`'s distribution (about 53 bytes). */
const EXPECTED_SKIPLIST_NODE = ((): number => {
  let expected = 0;
  for (let level = 1; level <= SKIPLIST_MAX_LEVEL; level++) {
    const chance =
      level === SKIPLIST_MAX_LEVEL
        ? SKIPLIST_P ** (level - 1)
        : SKIPLIST_P ** (level - 1) * (1 - SKIPLIST_P);
    expected += chance * allocationSize(SKIPLIST_NODE + level * SKIPLIST_LEVEL);
  }
  return expected;
})();

function sortedSetSize(set: SortedSet, samples: number): number {
  if (set.encoding() === "listpack") {
    let bytes = EMPTY_LISTPACK;
    for (const [member, score] of set.entries()) {
      bytes += listpackEntrySize(member) + scoreEntrySize(score);
    }
    return allocationSize(bytes);
  }
  return (
    ZSET +
    ZSKIPLIST +
    dictSize(set.size) +
    SKIPLIST_HEADER +
    sampled(set.entries(), set.size, {
      samples,
      measure: ([member]) => elementSize(member) + DICT_ENTRY + EXPECTED_SKIPLIST_NODE,
    })
  );
}

/** 2^52: 7.0's `d2string` prints integral scores below it as integers, others with `%.17g`. */
const INTEGRAL_SCORE_LIMIT = 4_503_599_627_370_496;

/**
 * The listpack bytes of a score's text (`zzlInsertAt` → `d2string`): an integer for integral
 * scores below 2^52, else `%.17g`, whose length is worked out without building the text (this
 * runs per member on every write while maxmemory is set).
 */
export function scoreEntrySize(score: number): number {
  if (score === 0) {
    // "0" is an integer; "-0" is not, to lpStringToInt64.
    return Object.is(score, -0) ? listpackEntrySize("-0") : listpackIntegerSize(0);
  }
  if (Number.isInteger(score) && Math.abs(score) < INTEGRAL_SCORE_LIMIT) {
    return listpackIntegerSize(score);
  }
  if (Number.isInteger(score) || !Number.isFinite(score)) {
    return listpackEntrySize(formatScoreG17(score));
  }
  let size = fractionalScoreSizes.get(score);
  if (size === undefined) {
    // A non-integral text never parses as an integer: a string element of that length.
    size = listpackStringSize(g17Length(score));
    if (fractionalScoreSizes.size >= FRACTIONAL_SCORE_CACHE) {
      fractionalScoreSizes.clear();
    }
    fractionalScoreSizes.set(score, size);
  }
  return size;
}

/**
 * The sizes of fractional scores seen lately: `toExponential` takes about half a microsecond, and
 * a listpack set's scores are measured again on each write to it while maxmemory is set.
 */
const fractionalScoreSizes = new Map<number, number>();
const FRACTIONAL_SCORE_CACHE = 4096;

/** The length of `%.17g` of a finite, non-integral score. */
function g17Length(score: number): number {
  const text = score.toExponential(16);
  const exponentAt = text.indexOf("e");
  const sign = score < 0 ? 1 : 0;
  let last = exponentAt - 1;
  while (text.charCodeAt(last) === 0x30) {
    last--;
  }
  if (text.charCodeAt(last) === 0x2e) {
    last--;
  }
  // Significant digits, the point between the first and the others left out.
  const digits = last === sign ? 1 : last - sign;
  const exponent = Number(text.slice(exponentAt + 1));
  if (exponent < -4 || exponent >= 17) {
    return (
      sign + digits + (digits > 1 ? 1 : 0) + 2 + Math.max(2, String(Math.abs(exponent)).length)
    );
  }
  if (exponent >= 0) {
    const fraction = Math.max(0, digits - exponent - 1);
    return sign + exponent + 1 + (fraction > 0 ? 1 + fraction : 0);
  }
  return sign + 2 + (-exponent - 1) + digits;
}

// ---- lists -------------------------------------------------------------------------------------

/** `sizeof(quicklist)` and `sizeof(quicklistNode)` in 7.0. */
const QUICKLIST = 40;
const QUICKLIST_NODE = 40;
/** `optimization_level`: the bytes a node may hold at fill -1 … -5. */
const NODE_BYTE_LIMITS = [4096, 8192, 16384, 32768, 65536] as const;
/** `SIZE_SAFETY_LIMIT` and `SIZE_ESTIMATE_OVERHEAD`. */
const SIZE_SAFETY_LIMIT = 8192;
const SIZE_ESTIMATE_OVERHEAD = 8;

function listSize(list: List, { samples, fill }: { samples: number; fill: number }): number {
  if (list.encoding() === "listpack") {
    return allocationSize(list.listpackBytes);
  }
  return samples === Number.POSITIVE_INFINITY
    ? QUICKLIST + walkedQuicklistNodes(list, fill)
    : QUICKLIST + averagedQuicklistNodes(list, { samples, fill });
}

/** SAMPLES 0: every node RPUSH would have made, from the head, as Redis walks them all. */
function walkedQuicklistNodes(list: List, fill: number): number {
  let total = 0;
  let nodeBytes = EMPTY_LISTPACK;
  let nodeCount = 0;
  for (const value of list.values()) {
    if (nodeCount > 0 && !allowsInsert({ bytes: nodeBytes, count: nodeCount, fill }, value)) {
      total += QUICKLIST_NODE + allocationSize(nodeBytes);
      nodeBytes = EMPTY_LISTPACK;
      nodeCount = 0;
    }
    nodeBytes += listpackEntrySize(value);
    nodeCount++;
  }
  return nodeCount === 0 ? total : total + QUICKLIST_NODE + allocationSize(nodeBytes);
}

/**
 * A sample: the nodes a list of this many elements of the list's mean listpack size fills, from
 * the running `lpBytes` the list keeps — O(1), as the maxmemory account runs on every write. Redis
 * scales the first `samples` nodes' mean to the node count: for a list of like elements that is
 * the full nodes' size; the elements' mean stands in for those first nodes.
 */
function averagedQuicklistNodes(
  list: List,
  { samples, fill }: { samples: number; fill: number },
): number {
  const length = list.length;
  const entry = (list.listpackBytes - EMPTY_LISTPACK) / length;
  // Only the element being added counts raw (not as encoded): a string's header and back-length.
  const raw = Math.max(1, entry - 2);
  const perNode = elementsPerNode({ entry, raw, fill });
  const nodes = Math.ceil(length / perNode);
  const full = QUICKLIST_NODE + allocationSize(Math.round(EMPTY_LISTPACK + perNode * entry));
  if (nodes > samples) {
    return nodes * full;
  }
  const last = length - (nodes - 1) * perNode;
  return (
    (nodes - 1) * full + QUICKLIST_NODE + allocationSize(Math.round(EMPTY_LISTPACK + last * entry))
  );
}

/** How many elements of `entry` listpack bytes `_quicklistNodeAllowInsert` lets into a node. */
function elementsPerNode({
  entry,
  raw,
  fill,
}: {
  entry: number;
  raw: number;
  fill: number;
}): number {
  const fitting = (limit: number): number =>
    Math.max(1, Math.floor((limit - EMPTY_LISTPACK - SIZE_ESTIMATE_OVERHEAD - raw) / entry) + 1);
  const level = -fill - 1;
  if (fill < 0 && level < NODE_BYTE_LIMITS.length) {
    return fitting(NODE_BYTE_LIMITS[level] ?? SIZE_SAFETY_LIMIT);
  }
  return Math.max(1, Math.min(fill, fitting(SIZE_SAFETY_LIMIT)));
}

/** `_quicklistNodeAllowInsert`: whether `value` still goes into the node at the tail. */
function allowsInsert(
  node: { bytes: number; count: number; fill: number },
  value: string,
): boolean {
  const next = node.bytes + value.length + SIZE_ESTIMATE_OVERHEAD;
  if (node.fill < 0) {
    const limit = NODE_BYTE_LIMITS[Math.min(-node.fill - 1, NODE_BYTE_LIMITS.length - 1)] ?? 0;
    if (-node.fill - 1 < NODE_BYTE_LIMITS.length && next <= limit) {
      return true;
    }
  }
  return next <= SIZE_SAFETY_LIMIT && node.count < node.fill;
}

// ---- streams -----------------------------------------------------------------------------------
