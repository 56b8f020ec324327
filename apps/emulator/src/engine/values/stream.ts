/**
 * Streams (src/t_stream.c): entries ordered by ID, consumer groups with their pending entries lists
 * (PEL), and the counters Redis 7 keeps for `entries-read` and `lag`.
 *
 * **IDs** (`stream-id.ts`) are 16-character big-endian binary strings, Redis's radix-tree key.
 *
 * **Entries** (`stream-entries.ts`) are packed into nodes as a listpack packs them: each node holds
 * its entries' IDs as numbers and all their fields and values in one flat array, so an entry is
 * no object of its own. A stream's nodes are what `radix-tree-keys` counts.
 *
 * **PELs** are an `IdMap`: sorted chunks of up to ~128 keys with parallel value arrays, so lookups,
 * inserts and deletes are O(log n) (binary search over chunks, then inside one) plus a bounded
 * in-chunk move, and appends are O(1). Searches compare each ID's parts as doubles kept beside it
 * (a string compare costs V8 more and is one more memory access).
 */
import { StreamEntries } from "./stream-entries.ts";
import {
  LLONG_MAX,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  maxStreamId,
  nextStreamId,
  type StreamId,
  streamIdMsDouble,
  streamIdSeqDouble,
} from "./stream-id.ts";
import type { ContainerValue } from "./types.ts";

export {
  formatStreamId,
  type IdSyntax,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  nextStreamId,
  type ParsedId,
  parseStreamId,
  parseU64,
  previousStreamId,
  type StreamId,
  streamIdMs,
  streamIdSeq,
  U64_MAX,
} from "./stream-id.ts";

// ---- counters --------------------------------------------------------------------------------

/** A signed 64-bit counter (`entries_added`, `entries_read`, delivery counts): number or bigint. */
export type Counter = number | bigint;

/** `entries_read` when it is unknown (Redis's SCG_INVALID_ENTRIES_READ). */
export const INVALID_ENTRIES_READ = -1;

export function addCounters(a: Counter, b: Counter): Counter {
  if (typeof a === "number" && typeof b === "number") {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) {
      return sum;
    }
  }
  return normalizeCounter(BigInt(a) + BigInt(b));
}

export function subtractCounters(a: Counter, b: Counter): Counter {
  if (typeof a === "number" && typeof b === "number") {
    const difference = a - b;
    if (Number.isSafeInteger(difference)) {
      return difference;
    }
  }
  return normalizeCounter(BigInt(a) - BigInt(b));
}

function normalizeCounter(value: bigint): Counter {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(value)
    : value;
}

/** `count + 1`, stopping at LLONG_MAX as Redis does. */
export function incrementCounter(count: Counter): Counter {
  return count >= LLONG_MAX ? count : addCounters(count, 1);
}

// ---- the ordered map -------------------------------------------------------------------------

/** A probe: the ID with its numeric parts computed once. */
interface Probe {
  readonly id: StreamId;
  readonly ms: number;
  readonly seq: number;
}

function probeOf(id: StreamId): Probe {
  return { id, ms: streamIdMsDouble(id), seq: streamIdSeqDouble(id) };
}

interface Chunk<TValue> {
  keys: StreamId[];
  ms: number[];
  seq: number[];
  values: TValue[];
}

/**
 * An ordered map from stream IDs to values: sorted chunks of parallel arrays (IDs, their numeric
 * parts, values), plus the numeric parts of each chunk's last key for the search over chunks. A
 * chunk that grows past `capacity` by an insert in the middle splits in half; appends at the end
 * start a new chunk instead, so append-only use (a PEL's deliveries) fills chunks completely.
 */
export class IdMap<TValue> {
  #chunks: Chunk<TValue>[] = [];
  /** The last key of each chunk, as numbers (what the search over chunks compares). */
  #lastMs: number[] = [];
  #lastSeq: number[] = [];
  #size = 0;
  readonly #capacity: number;

  constructor(capacity = 128) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#size;
  }

  first(): StreamId | undefined {
    return this.#chunks[0]?.keys[0];
  }

  last(): StreamId | undefined {
    const chunk = this.#chunks[this.#chunks.length - 1];
    return chunk?.keys[chunk.keys.length - 1];
  }

  get(id: StreamId): TValue | undefined {
    const probe = probeOf(id);
    const chunk = this.#chunks[this.#chunkFor(probe)];
    if (chunk === undefined) {
      return undefined;
    }
    const at = lowerBound(chunk, probe);
    return chunk.keys[at] === id ? chunk.values[at] : undefined;
  }

  has(id: StreamId): boolean {
    const probe = probeOf(id);
    const chunk = this.#chunks[this.#chunkFor(probe)];
    return chunk !== undefined && chunk.keys[lowerBound(chunk, probe)] === id;
  }

  /** Inserts or replaces. */
  set(id: StreamId, value: TValue): void {
    const probe = probeOf(id);
    const lastIndex = this.#chunks.length - 1;
    const lastChunk = this.#chunks[lastIndex];
    if (lastChunk === undefined || this.#compareToLast(probe, lastIndex) < 0) {
      // Append: the common case for PELs (delivered IDs only grow).
      if (lastChunk === undefined || lastChunk.keys.length >= this.#capacity) {
        this.#chunks.push({ keys: [id], ms: [probe.ms], seq: [probe.seq], values: [value] });
        this.#lastMs.push(probe.ms);
        this.#lastSeq.push(probe.seq);
      } else {
        lastChunk.keys.push(id);
        lastChunk.ms.push(probe.ms);
        lastChunk.seq.push(probe.seq);
        lastChunk.values.push(value);
        this.#lastMs[lastIndex] = probe.ms;
        this.#lastSeq[lastIndex] = probe.seq;
      }
      this.#size++;
      return;
    }
    const index = this.#chunkFor(probe);
    const chunk = this.#chunks[index] as Chunk<TValue>;
    const at = lowerBound(chunk, probe);
    if (chunk.keys[at] === id) {
      chunk.values[at] = value;
      return;
    }
    chunk.keys.splice(at, 0, id);
    chunk.ms.splice(at, 0, probe.ms);
    chunk.seq.splice(at, 0, probe.seq);
    chunk.values.splice(at, 0, value);
    this.#size++;
    if (chunk.keys.length > this.#capacity) {
      const half = chunk.keys.length >> 1;
      const tail: Chunk<TValue> = {
        keys: chunk.keys.splice(half),
        ms: chunk.ms.splice(half),
        seq: chunk.seq.splice(half),
        values: chunk.values.splice(half),
      };
      this.#chunks.splice(index + 1, 0, tail);
      this.#lastMs.splice(index + 1, 0, 0);
      this.#lastSeq.splice(index + 1, 0, 0);
      this.#refreshLast(index + 1);
    }
    this.#refreshLast(index);
  }

  delete(id: StreamId): boolean {
    const probe = probeOf(id);
    const index = this.#chunkFor(probe);
    const chunk = this.#chunks[index];
    if (chunk === undefined) {
      return false;
    }
    const at = lowerBound(chunk, probe);
    if (chunk.keys[at] !== id) {
      return false;
    }
    if (chunk.keys.length === 1) {
      this.#removeChunks(index, 1);
    } else {
      chunk.keys.splice(at, 1);
      chunk.ms.splice(at, 1);
      chunk.seq.splice(at, 1);
      chunk.values.splice(at, 1);
      this.#refreshLast(index);
    }
    this.#size--;
    return true;
  }

  /** The smallest key ≥ `id`. */
  ceiling(id: StreamId): StreamId | undefined {
    const probe = probeOf(id);
    const chunk = this.#chunks[this.#chunkFor(probe)];
    return chunk?.keys[lowerBound(chunk, probe)];
  }

  /** The smallest key > `id`. */
  higher(id: StreamId): StreamId | undefined {
    const next = nextStreamId(id);
    return next === undefined ? undefined : this.ceiling(next);
  }

  /** The largest key ≤ `id`. */
  floor(id: StreamId): StreamId | undefined {
    const probe = probeOf(id);
    const index = this.#chunkFor(probe);
    const chunk = this.#chunks[index];
    if (chunk === undefined) {
      return this.last();
    }
    const at = lowerBound(chunk, probe);
    if (chunk.keys[at] === id) {
      return id;
    }
    if (at > 0) {
      return chunk.keys[at - 1];
    }
    const previous = this.#chunks[index - 1];
    return previous?.keys[previous.keys.length - 1];
  }

  /**
   * Visits the keys in [from, to] in order (descending when `reverse`) until `visit` returns false.
   * The map must not change during the visit.
   */
  scan(
    range: { readonly from: StreamId; readonly to: StreamId; readonly reverse?: boolean },
    visit: (id: StreamId, value: TValue) => boolean | undefined,
  ): void {
    const { from, to } = range;
    if (from > to) {
      return;
    }
    if (range.reverse === true) {
      this.#scanDown(range, visit);
      return;
    }
    const probe = probeOf(from);
    const end = probeOf(to);
    let index = this.#chunkFor(probe);
    let at =
      index < this.#chunks.length ? lowerBound(this.#chunks[index] as Chunk<TValue>, probe) : 0;
    for (; index < this.#chunks.length; index++) {
      const chunk = this.#chunks[index] as Chunk<TValue>;
      for (; at < chunk.keys.length; at++) {
        if (compareAt(end, chunk, at) > 0) {
          return;
        }
        if (visit(chunk.keys[at] as StreamId, chunk.values[at] as TValue) === false) {
          return;
        }
      }
      at = 0;
    }
  }

  #scanDown(
    range: { readonly from: StreamId; readonly to: StreamId },
    visit: (id: StreamId, value: TValue) => boolean | undefined,
  ): void {
    const top = this.floor(range.to);
    if (top === undefined) {
      return;
    }
    const start = probeOf(range.from);
    const probe = probeOf(top);
    let index = this.#chunkFor(probe);
    let at = lowerBound(this.#chunks[index] as Chunk<TValue>, probe);
    for (; index >= 0; index--) {
      const chunk = this.#chunks[index] as Chunk<TValue>;
      for (; at >= 0; at--) {
        if (compareAt(start, chunk, at) < 0) {
          return;
        }
        if (visit(chunk.keys[at] as StreamId, chunk.values[at] as TValue) === false) {
          return;
        }
      }
      at = (this.#chunks[index - 1]?.keys.length ?? 0) - 1;
    }
  }

  /** Orders chunk `index`'s last key against the probe (negative: the key is smaller). */
  #compareToLast(probe: Probe, index: number): number {
    const ms = this.#lastMs[index] as number;
    if (ms !== probe.ms) {
      return ms < probe.ms ? -1 : 1;
    }
    const chunk = this.#chunks[index] as Chunk<TValue>;
    return compareAt(probe, chunk, chunk.keys.length - 1);
  }

  /** The chunk that would hold the probe: the first whose last key is ≥ it (length when none). */
  #chunkFor(probe: Probe): number {
    let low = 0;
    let high = this.#chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#compareToLast(probe, middle) < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  #refreshLast(index: number): void {
    const chunk = this.#chunks[index] as Chunk<TValue>;
    const last = chunk.keys.length - 1;
    this.#lastMs[index] = chunk.ms[last] as number;
    this.#lastSeq[index] = chunk.seq[last] as number;
  }

  #removeChunks(index: number, count: number): void {
    this.#chunks.splice(index, count);
    this.#lastMs.splice(index, count);
    this.#lastSeq.splice(index, count);
  }
}

/** Orders the key at `at` against the probe (negative: the key is smaller). */
function compareAt<TValue>(probe: Probe, chunk: Chunk<TValue>, at: number): number {
  const ms = chunk.ms[at] as number;
  if (ms !== probe.ms) {
    return ms < probe.ms ? -1 : 1;
  }
  const seq = chunk.seq[at] as number;
  if (seq !== probe.seq) {
    return seq < probe.seq ? -1 : 1;
  }
  // Equal parts: the same ID, or two above 2^53 that rounded alike.
  const id = chunk.keys[at] as StreamId;
  if (id === probe.id) {
    return 0;
  }
  return id < probe.id ? -1 : 1;
}

/** The first index of `chunk` whose key is ≥ the probe. */
function lowerBound<TValue>(chunk: Chunk<TValue>, probe: Probe): number {
  let low = 0;
  let high = chunk.keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAt(probe, chunk, middle) < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

// ---- consumer groups -------------------------------------------------------------------------

/** A delivered, not yet acknowledged entry (Redis's `streamNACK`), shared by group and consumer PEL. */
export interface PendingEntry {
  consumer: Consumer;
  /** Unix ms of the last delivery. */
  deliveryTime: number;
  deliveryCount: Counter;
}

export class Consumer {
  readonly name: string;
  /** This consumer's share of the group PEL. */
  readonly pel = new IdMap<PendingEntry>();
  /** Unix ms of the last interaction (any read or claim attempt). */
  seenTime: number;
  /** Unix ms of the last successful read or claim; -1 before the first. */
  activeTime = -1;

  constructor(name: string, now: number) {
    this.name = name;
    this.seenTime = now;
  }
}

export class ConsumerGroup {
  readonly name: string;
  /** The last delivered ID. */
  lastId: StreamId;
  /** The logical read counter of `lastId`, or INVALID_ENTRIES_READ. */
  entriesRead: Counter;
  readonly pel = new IdMap<PendingEntry>();
  readonly consumers = new Map<string, Consumer>();

  constructor(name: string, lastId: StreamId, entriesRead: Counter) {
    this.name = name;
    this.lastId = lastId;
    this.entriesRead = entriesRead;
  }

  /** Consumers in Redis's radix-tree order (bytewise by name), as XINFO and XPENDING list them. */
  sortedConsumers(): Consumer[] {
    return [...this.consumers.values()].sort((a, b) => compareBytes(a.name, b.name));
  }

  /** Adds a consumer; undefined when one of that name exists (`streamCreateConsumer`). */
  createConsumer(name: string, now: number): Consumer | undefined {
    if (this.consumers.has(name)) {
      return undefined;
    }
    const consumer = new Consumer(name, now);
    this.consumers.set(name, consumer);
    return consumer;
  }

  /** Removes a consumer and its pending entries from the group PEL (`streamDelConsumer`). */
  deleteConsumer(consumer: Consumer): void {
    consumer.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id) => {
      this.pel.delete(id);
      return true;
    });
    this.consumers.delete(consumer.name);
  }

  /** Removes `id` from the group PEL and its consumer's PEL; whether it was pending. */
  acknowledge(id: StreamId): boolean {
    const pending = this.pel.get(id);
    if (pending === undefined) {
      return false;
    }
    this.pel.delete(id);
    pending.consumer.pel.delete(id);
    return true;
  }

  /** Gives a pending entry to `consumer` (both PELs stay in step). */
  assign(id: StreamId, pending: PendingEntry, consumer: Consumer): void {
    if (pending.consumer !== consumer) {
      pending.consumer.pel.delete(id);
      pending.consumer = consumer;
    }
    consumer.pel.set(id, pending);
  }
}

/** `memcmp` order with the shorter string first on a common prefix, as the radix tree iterates. */
export function compareBytes(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  return a < b ? -1 : 1;
}

// ---- the stream ------------------------------------------------------------------------------

/** How trimming treats consumer-group references (Redis 8.2). */
export type RefPolicy = "KEEPREF" | "DELREF" | "ACKED";

export interface TrimOptions {
  readonly strategy: "MAXLEN" | "MINID";
  /** MAXLEN: the length to trim to. */
  readonly maxLen: number;
  /** MINID: entries below this go. */
  readonly minId: StreamId;
  /** The most entries to remove; 0 means no limit. */
  readonly limit: number;
  readonly policy: RefPolicy;
}

/** Entries per node, as Redis fills a listpack node (stream-node-max-entries defaults to 100). */
const ENTRIES_PER_CHUNK = 100;

export class StreamValue implements ContainerValue {
  readonly type = "stream";
  /** The entries, packed in nodes of fields and values. */
  entries = new StreamEntries(ENTRIES_PER_CHUNK);
  /** The last ID ever generated (XADD) or set (XSETID); made from its parts when read. */
  #lastId: StreamId | undefined = MIN_STREAM_ID;
  /** `lastId`'s parts as doubles (exact up to 2^53 - 1), what XADD `*` reads. */
  #lastMs = 0;
  #lastSeq = 0;
  /** The largest ID ever deleted by XDEL and friends (trimming does not count). */
  maxDeletedId: StreamId = MIN_STREAM_ID;
  /** How many entries were ever added. */
  entriesAdded: Counter = 0;
  /** Group name → group; created on first use, as Redis does. */
  groups: Map<string, ConsumerGroup> | undefined;

  get lastId(): StreamId {
    this.#lastId ??= makeStreamId(this.#lastMs, this.#lastSeq);
    return this.#lastId;
  }

  set lastId(id: StreamId) {
    this.#lastId = id;
    this.#lastMs = streamIdMsDouble(id);
    this.#lastSeq = streamIdSeqDouble(id);
  }

  get length(): number {
    return this.entries.size;
  }

  /**
   * Redis's `first_id` (`recorded-first-entry-id`): it is updated whenever the first entry goes,
   * so it always equals the first entry's ID, or 0-0 when the stream is empty.
   */
  get firstId(): StreamId {
    return this.entries.first() ?? MIN_STREAM_ID;
  }

  /** The last entry that still exists (`streamLastValidID`). */
  get lastEntryId(): StreamId | undefined {
    return this.entries.last();
  }

  isEmpty(): boolean {
    // Redis keeps empty streams: their last ID and groups matter.
    return false;
  }

  encoding(): string {
    return "stream";
  }

  clone(): StreamValue {
    const copy = new StreamValue();
    copy.entries = this.entries.clone();
    copy.lastId = this.lastId;
    copy.maxDeletedId = this.maxDeletedId;
    copy.entriesAdded = this.entriesAdded;
    if (this.groups !== undefined) {
      copy.groups = new Map();
      for (const [name, group] of this.groups) {
        copy.groups.set(name, cloneGroup(group));
      }
    }
    return copy;
  }

  /** Appends an entry of `fields[from…]` (see `StreamEntries.append`); `id` must be above `lastId`. */
  append(id: StreamId, fields: readonly string[], from = 0): void {
    this.entries.append(id, fields, from);
    this.lastId = id;
    this.entriesAdded = incrementCounter(this.entriesAdded);
  }

  /**
   * XADD `*`'s usual case (streamAppendItem with a generated ID): appends an entry of
   * `fields[from…]` with ID `now-0`, or the last ID's successor when the clock is not ahead, all
   * in numbers; the ID as replies show it. Undefined, and nothing done, when an ID part is beyond
   * 2^53 - 1 (the caller then takes the exact path).
   */
  appendNow(now: number, fields: readonly string[], from: number): string | undefined {
    const lastMs = this.#lastMs;
    const lastSeq = this.#lastSeq;
    if (
      lastMs >= Number.MAX_SAFE_INTEGER ||
      lastSeq >= Number.MAX_SAFE_INTEGER ||
      !Number.isSafeInteger(now)
    ) {
      return undefined;
    }
    const isAhead = now > lastMs;
    const ms = isAhead ? now : lastMs;
    const seq = isAhead ? 0 : lastSeq + 1;
    this.entries.appendSafe(ms, seq, { fields, from });
    this.#lastId = undefined;
    this.#lastMs = ms;
    this.#lastSeq = seq;
    const added = this.entriesAdded;
    this.entriesAdded =
      typeof added === "number" && added < Number.MAX_SAFE_INTEGER
        ? added + 1
        : incrementCounter(added);
    return `${ms}-${seq}`;
  }

  /** Deletes one entry (XDEL); whether it existed. */
  deleteEntry(id: StreamId): boolean {
    if (!this.entries.delete(id)) {
      return false;
    }
    this.maxDeletedId = maxStreamId(this.maxDeletedId, id);
    return true;
  }

  group(name: string): ConsumerGroup | undefined {
    return this.groups?.get(name);
  }

  /** Adds a group; undefined when the name is taken. */
  createGroup(name: string, lastId: StreamId, entriesRead: Counter): ConsumerGroup | undefined {
    this.groups ??= new Map();
    if (this.groups.has(name)) {
      return undefined;
    }
    const group = new ConsumerGroup(name, lastId, entriesRead);
    this.groups.set(name, group);
    return group;
  }

  /** Groups in radix-tree order (bytewise by name). */
  sortedGroups(): ConsumerGroup[] {
    return [...(this.groups?.values() ?? [])].sort((a, b) => compareBytes(a.name, b.name));
  }

  /**
   * Whether some group still needs `id` (`streamEntryIsReferenced`): a group has not read that far,
   * or it is pending in a group.
   */
  isReferenced(id: StreamId): boolean {
    for (const group of this.groups?.values() ?? []) {
      if (group.lastId < id || group.pel.has(id)) {
        return true;
      }
    }
    return false;
  }

  /** Removes `id` from every group's PEL (`streamCleanupEntryCGroupRefs`, DELREF); how many. */
  deleteReferences(id: StreamId): number {
    let removed = 0;
    for (const group of this.groups?.values() ?? []) {
      removed += group.acknowledge(id) ? 1 : 0;
    }
    return removed;
  }

  /** Trims per XADD/XTRIM options; how many entries went. */
  trim(options: TrimOptions): number {
    const limit = options.limit === 0 ? Number.POSITIVE_INFINITY : options.limit;
    if (options.policy !== "KEEPREF" && this.groups !== undefined && this.groups.size > 0) {
      return this.#trimEntryByEntry(options, limit);
    }
    const wanted =
      options.strategy === "MAXLEN"
        ? Math.max(0, this.length - options.maxLen)
        : this.entries.countBelow(options.minId, Math.min(limit, this.length));
    const count = Math.min(wanted, limit);
    if (count > 0) {
      this.entries.deleteFirst(count);
    }
    return count;
  }

  /** DELREF and ACKED look at every entry's references, oldest first (streamTrim). */
  #trimEntryByEntry(options: TrimOptions, limit: number): number {
    let deleted = 0;
    let cursor = this.entries.first();
    while (cursor !== undefined && deleted < limit) {
      if (options.strategy === "MAXLEN" ? this.length <= options.maxLen : cursor >= options.minId) {
        break;
      }
      const next = this.entries.higher(cursor);
      if (options.policy === "ACKED") {
        if (!this.isReferenced(cursor)) {
          this.entries.delete(cursor);
          deleted++;
        }
      } else {
        this.deleteReferences(cursor);
        this.entries.delete(cursor);
        deleted++;
      }
      cursor = next;
    }
    return deleted;
  }

  /** Whether [start, end] holds a deleted entry (`streamRangeHasTombstones`). */
  rangeHasTombstones(start: StreamId, end: StreamId = MAX_STREAM_ID): boolean {
    if (this.length === 0 || this.maxDeletedId === MIN_STREAM_ID) {
      return false;
    }
    return start <= this.maxDeletedId && this.maxDeletedId <= end;
  }

  /**
   * The logical read counter of `id`: its distance from the first entry ever added
   * (`streamEstimateDistanceFromFirstEverEntry`); undefined when it cannot be known.
   */
  estimateEntriesRead(id: StreamId): Counter | undefined {
    if (this.entriesAdded === 0) {
      return 0;
    }
    if (this.length === 0 && id <= this.lastId) {
      return this.entriesAdded;
    }
    if (id !== MIN_STREAM_ID && id < this.maxDeletedId) {
      return undefined;
    }
    if (id === this.lastId) {
      return this.entriesAdded;
    }
    if (id > this.lastId) {
      return undefined;
    }
    const firstId = this.firstId;
    if (this.maxDeletedId === MIN_STREAM_ID || this.maxDeletedId < firstId) {
      if (id < firstId) {
        return subtractCounters(this.entriesAdded, this.length);
      }
      if (id === firstId) {
        return addCounters(subtractCounters(this.entriesAdded, this.length), 1);
      }
    }
    return undefined;
  }

  /** How many entries `group` has yet to read (`streamReplyWithCGLag`); undefined when unknown. */
  lag(group: ConsumerGroup): Counter | undefined {
    if (this.entriesAdded === 0 || this.length === 0) {
      return 0;
    }
    const firstId = this.firstId;
    if (group.lastId < firstId && this.maxDeletedId < firstId) {
      return this.length;
    }
    if (group.entriesRead !== INVALID_ENTRIES_READ && !this.rangeHasTombstones(group.lastId)) {
      return subtractCounters(this.entriesAdded, group.entriesRead);
    }
    const estimate = this.estimateEntriesRead(group.lastId);
    return estimate === undefined ? undefined : subtractCounters(this.entriesAdded, estimate);
  }

  /**
   * Moves `group` past `id` as XREADGROUP delivers it, keeping its read counter valid when it can
   * (streamReplyWithRange).
   */
  advanceGroup(group: ConsumerGroup, id: StreamId): void {
    if (
      group.entriesRead !== INVALID_ENTRIES_READ &&
      group.lastId >= this.firstId &&
      !this.rangeHasTombstones(group.lastId)
    ) {
      group.entriesRead = incrementCounter(group.entriesRead);
    } else if (this.entriesAdded !== 0) {
      group.entriesRead = this.estimateEntriesRead(id) ?? INVALID_ENTRIES_READ;
    }
    group.lastId = id;
  }

  /** Clamps a group's ENTRIESREAD argument to the entries ever added (Redis 8). */
  clampEntriesRead(entriesRead: Counter): Counter {
    return entriesRead !== INVALID_ENTRIES_READ && entriesRead > this.entriesAdded
      ? this.entriesAdded
      : entriesRead;
  }
}

function cloneGroup(group: ConsumerGroup): ConsumerGroup {
  const copy = new ConsumerGroup(group.name, group.lastId, group.entriesRead);
  const consumers = new Map<Consumer, Consumer>();
  for (const [name, consumer] of group.consumers) {
    const twin = new Consumer(name, consumer.seenTime);
    twin.activeTime = consumer.activeTime;
    consumers.set(consumer, twin);
    copy.consumers.set(name, twin);
  }
  group.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, pending) => {
    const consumer = consumers.get(pending.consumer) as Consumer;
    const twin: PendingEntry = { ...pending, consumer };
    copy.pel.set(id, twin);
    consumer.pel.set(id, twin);
    return true;
  });
  return copy;
}
