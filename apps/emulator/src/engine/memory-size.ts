/**
 * MEMORY USAGE as Redis 7.0 computes it (src/object.c `objectComputeSize` and `memoryCommand`):
 * the key's dict entry and sds, the value's robj, and each encoding's allocations rounded up to
 * jemalloc's size classes (`zmalloc_size`). Where Redis samples (hashtables, skiplists, quicklist
 * nodes, stream nodes), this samples the same elements (the first `samples` in order; for a
 * hashtable, whose order in Redis is its buckets', positions spread over the engine's order) and
 * scales the average the same way.
 * `samples` 0 means every element.
 *
 * What stays an estimate, and why:
 * - Hashtable slots are the table Redis ends up with at rest (`dictSlots`: a power of two ≥ size, at
 *   least 4). Right after a table grows Redis holds both tables until incremental rehashing has
 *   moved every bucket (a few more operations on that key).
 * - A skiplist node's level is random in Redis (`zslRandomLevel`, p = 1/4); each node is counted
 *   at the expected allocation over that distribution.
 * - A quicklist's nodes are packed as pushes at the tail pack them (`_quicklistNodeAllowInsert`):
 *   with SAMPLES 0 every node is walked; otherwise the nodes are those of elements of the list's
 *   mean size (O(1): the maxmemory account runs on every write), which is what Redis's sample of
 *   the first nodes finds for a list of like elements.
 * - Stream nodes hold the live entries, the first as master entry: Redis also keeps XDEL'd entries
 *   (flagged deleted) and the master fields of a deleted first entry until the node goes. Nodes
 *   are cut at `stream-node-max-entries` (100) entries, not at `stream-node-max-bytes`.
 * - An intset's width follows its current members (Redis never narrows one after a removal).
 */
import type { ConfigApi } from "./config.ts";
import {
  EMPTY_LISTPACK,
  listpackEntrySize,
  listpackIntegerSize,
  listpackStringSize,
} from "./listpack-size.ts";
import { raxNodeCount } from "./rax-size.ts";
import type { HashValue } from "./values/hash.ts";
import { jsonMemoryUsage } from "./values/json/memory.ts";
import { type List, listFill } from "./values/list.ts";
import type { SetValue } from "./values/set.ts";
import { formatScoreG17, type SortedSet } from "./values/sorted-set.ts";
import type { IdMap, StreamValue } from "./values/stream.ts";
import { type EntryNode, entryEnd, entryIdAt, entryStart } from "./values/stream-entries.ts";
import { MAX_STREAM_ID, MIN_STREAM_ID, type StreamId } from "./values/stream-id.ts";
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

/**
 * An sds made by `sdsnewlen` (keys, and the members and fields Redis copies with `sdsdup`): an
 * sdshdr5 below 32 bytes, then sdshdr8/16/32/64 by length, the bytes and a terminating nul.
 */
export function sdsSize(length: number): number {
  const header =
    length < 32 ? 1 : length < 256 ? 3 : length < 65_536 ? 5 : length < 2 ** 32 ? 9 : 17;
  return header + length + 1;
}

/** A raw string value's sds: at least an sdshdr8 (raw strings are never that short but can be). */
function valueSdsSize(length: number): number {
  return Math.max(sdsSize(length), 3 + length + 1);
}

/** jemalloc's size classes: 8, then steps of 16 up to 128, then four classes per power of two. */
export function allocationSize(bytes: number): number {
  if (bytes <= 8) {
    return 8;
  }
  if (bytes <= 128) {
    return Math.ceil(bytes / 16) * 16;
  }
  const spacing = 2 ** (Math.floor(Math.log2(bytes - 1)) - 2);
  return Math.ceil(bytes / spacing) * spacing;
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
  for (const [field, value] of hash.entries()) {
    bytes += listpackEntrySize(field) + listpackEntrySize(value);
    if (encoding === "listpackex") {
      // Redis 7.4's listpackex keeps a third element per field: its expiry, or 0.
      const at = hash.expiresAt(field);
      bytes += at === undefined ? listpackIntegerSize(0) : listpackEntrySize(String(at));
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
  // A non-integral text never parses as an integer: a string element of that length.
  return listpackStringSize(g17Length(score));
}

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

/** `sizeof(stream)` in 7.0: rax pointer, length, last, first and max-deleted IDs, entries added, groups. */
const STREAM = 80;
/** `sizeof(streamID)`, `sizeof(raxNode)` (its header) and the fixed 30 longs Redis adds per node. */
const STREAM_ID = 16;
const RAX_NODE = 4 + 30 * 8;
/** `STREAM_LISTPACK_MAX_PRE_ALLOCATE`: the open node's listpack is allocated at this size. */
const STREAM_PREALLOCATION = 4096;
/** `sizeof(streamCG)`, `sizeof(streamNACK)` and `sizeof(streamConsumer)` in 7.0. */
const STREAM_GROUP = 40;
const STREAM_NACK = 24;
const STREAM_CONSUMER = 24;
/** Above this many keys, a PEL's radix tree is measured on its first keys and scaled. */
const RAX_SAMPLE_KEYS = 256;
/** `STREAM_ITEM_FLAG_*`: the flags element of every entry is one small integer. */
const FLAGS_ELEMENT = listpackIntegerSize(0);

function streamSize(stream: StreamValue, samples: number): number {
  const entries = stream.entries;
  const nodes = entries.nodeCount;
  let size = STREAM + radixTreeSize(nodes, streamRaxNodes(stream));
  let sampledBytes = 0;
  let seen = 0;
  for (; seen < Math.min(samples, nodes); seen++) {
    sampledBytes += nodeAllocation(stream, seen);
  }
  if (nodes <= seen) {
    size += sampledBytes;
  } else {
    size += Math.trunc(sampledBytes / seen) * (nodes - 1) + nodeAllocation(stream, nodes - 1);
  }
  for (const group of stream.groups?.values() ?? []) {
    size += STREAM_GROUP + pelSize(group.pel, samples) + STREAM_NACK * group.pel.size;
    for (const consumer of group.consumers.values()) {
      size += STREAM_CONSUMER + consumer.name.length + pelSize(consumer.pel, samples);
    }
  }
  return size;
}

/** `streamRadixTreeMemoryUsage` (which, as written, leaves out `sizeof(rax)` itself). */
function radixTreeSize(keys: number, nodes: number): number {
  return keys * STREAM_ID + nodes * RAX_NODE;
}

/** The stream's radix-tree nodes, keyed by each node's master ID; cached until the nodes change. */
const streamRaxCache = new WeakMap<StreamValue, { signature: string; nodes: number }>();

function streamRaxNodes(stream: StreamValue): number {
  const entries = stream.entries;
  const count = entries.nodeCount;
  const first = entries.nodeAt(0);
  const last = entries.nodeAt(count - 1);
  const signature =
    first === undefined || last === undefined
      ? ""
      : `${count}:${entryIdAt(first, 0)}${entryIdAt(last, 0)}`;
  const cached = streamRaxCache.get(stream);
  if (cached?.signature === signature) {
    return cached.nodes;
  }
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const node = entries.nodeAt(i);
    if (node !== undefined) {
      keys.push(entryIdAt(node, 0));
    }
  }
  const nodes = raxNodeCount(keys);
  streamRaxCache.set(stream, { signature, nodes });
  return nodes;
}

/** A PEL's radix tree: exact up to `RAX_SAMPLE_KEYS` keys (or with SAMPLES 0), else scaled. */
function pelSize(pel: IdMap<unknown>, samples: number): number {
  const limit = samples === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : RAX_SAMPLE_KEYS;
  const keys: StreamId[] = [];
  pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id) => {
    keys.push(id);
    return keys.length < limit;
  });
  const nodes = raxNodeCount(keys);
  const scaled =
    keys.length < pel.size ? 1 + Math.round(((nodes - 1) * pel.size) / keys.length) : nodes;
  return radixTreeSize(pel.size, scaled);
}

/**
 * `zmalloc_size` of node `index`'s listpack: the open (last) node keeps its preallocated 4 KB
 * until it outgrows it; a node Redis closed was shrunk to fit (`lpShrinkToFit`).
 */
function nodeAllocation(stream: StreamValue, index: number): number {
  const entries = stream.entries;
  const node = entries.nodeAt(index);
  if (node === undefined) {
    return 0;
  }
  const bytes = closedNodeBytes(node, index < entries.nodeCount - 1);
  return index === entries.nodeCount - 1
    ? Math.max(STREAM_PREALLOCATION, allocationSize(bytes))
    : allocationSize(bytes);
}

/**
 * Closed nodes only lose entries (XDEL, trimming), so their size is cached against their count;
 * the open node gains entries and is measured each time.
 */
const nodeBytesCache = new WeakMap<EntryNode, { count: number; bytes: number }>();

function closedNodeBytes(node: EntryNode, isClosed: boolean): number {
  const cached = nodeBytesCache.get(node);
  if (isClosed && cached?.count === node.count) {
    return cached.bytes;
  }
  const bytes = streamNodeBytes(node);
  if (isClosed) {
    nodeBytesCache.set(node, { count: node.count, bytes });
  }
  return bytes;
}

/**
 * `lpBytes` of a stream node (t_stream.c `streamAppendItem`): the master entry (count, deleted,
 * the master fields and a 0 terminator), then per entry its flags, ID as differences from the
 * master ID, its values alone when its fields are the master's (else the field count and the
 * pairs) and the entry's element count.
 */
export function streamNodeBytes(node: EntryNode): number {
  const data = node.data;
  const masterStart = entryStart(node, 0);
  const masterEnd = entryEnd(node, 0);
  const masterFields = (masterEnd - masterStart) / 2;
  let bytes =
    EMPTY_LISTPACK +
    listpackIntegerSize(node.count) +
    listpackIntegerSize(0) +
    listpackIntegerSize(masterFields) +
    listpackIntegerSize(0);
  for (let i = masterStart; i < masterEnd; i += 2) {
    bytes += listpackEntrySize(data[i] as string);
  }
  const masterMs = node.columns[0] as number;
  const masterSeq = node.columns[node.room] as number;
  for (let at = 0; at < node.count; at++) {
    const start = entryStart(node, at);
    const end = entryEnd(node, at);
    const fields = (end - start) / 2;
    const sameFields = fields === masterFields && hasMasterFields(node, { start, masterStart });
    bytes +=
      FLAGS_ELEMENT +
      listpackIntegerSize((node.columns[at] as number) - masterMs) +
      listpackIntegerSize((node.columns[node.room + at] as number) - masterSeq);
    if (sameFields) {
      for (let i = start + 1; i < end; i += 2) {
        bytes += listpackEntrySize(data[i] as string);
      }
      bytes += listpackIntegerSize(fields + 3);
    } else {
      bytes += listpackIntegerSize(fields);
      for (let i = start; i < end; i++) {
        bytes += listpackEntrySize(data[i] as string);
      }
      bytes += listpackIntegerSize(2 * fields + 4);
    }
  }
  return bytes;
}

/** Whether the entry's field names are the master entry's, in order. */
function hasMasterFields(node: EntryNode, at: { start: number; masterStart: number }): boolean {
  const data = node.data;
  const fields = entryEnd(node, 0) - at.masterStart;
  for (let i = 0; i < fields; i += 2) {
    if (data[at.start + i] !== data[at.masterStart + i]) {
      return false;
    }
  }
  return true;
}
