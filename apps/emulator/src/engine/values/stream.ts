/**
 * Streams (src/t_stream.c): entries ordered by ID, consumer groups with their pending entries lists
 * (PEL), and the counters Redis 7 keeps for `entries-read` and `lag`.
 *
 * **IDs** are two unsigned 64-bit numbers (`ms-seq`). They are held as 16-character binary strings
 * in big-endian order, exactly Redis's radix-tree key (`streamEncodeID`): string order is ID order,
 * an ID is a cheap `Map` key and equality check, and the full 64-bit range needs no bigint until an
 * ID is formatted (`formatStreamId` uses numbers below 2^53 and bigint above).
 *
 * **Entries** and every PEL are an `IdMap`: sorted chunks of up to ~100 keys with parallel value
 * arrays, so lookups, inserts and deletes are O(log n) (binary search over chunks, then inside one)
 * plus a bounded in-chunk move, appends are O(1), and trimming from the head drops whole chunks.
 * Searches compare each ID's parts as doubles kept beside it (a string compare costs V8 more and
 * is one more memory access). There is no object per entry beyond its field/value array, as a
 * listpack node holds many entries.
 * A stream's chunks play the part of Redis's listpack nodes, which is what `radix-tree-keys` counts.
 */
import { parseIntegerArg } from "../numbers.ts";
import type { ContainerValue } from "./types.ts";

// ---- IDs -------------------------------------------------------------------------------------

/** A stream ID as its 16-byte big-endian encoding (one char per byte). */
export type StreamId = string;

/** An unsigned 64-bit value: a number when it is at most 2^53 - 1, else a bigint. */
export type U64 = number | bigint;

const TWO_32 = 4294967296;
/** A high word below this keeps `hi * 2^32 + lo` exact as a double. */
const SAFE_HIGH_WORD = 2 ** 21;
/** The largest unsigned 64-bit value. */
export const U64_MAX = 2n ** 64n - 1n;
/** Redis caps `entries_added` and delivery counters at LLONG_MAX. */
export const LLONG_MAX = 2n ** 63n - 1n;

/** 0-0, the smallest ID. */
export const MIN_STREAM_ID: StreamId = String.fromCharCode(...new Array<number>(16).fill(0));
/** 18446744073709551615-18446744073709551615, the largest ID. */
export const MAX_STREAM_ID: StreamId = String.fromCharCode(...new Array<number>(16).fill(0xff));

/** A bigint in the canonical `U64` form (a number when it is safe). */
export function normalizeU64(value: bigint): U64 {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The high and low 32-bit words of a u64. */
function words(value: U64): [number, number] {
  if (typeof value === "number") {
    const hi = Math.floor(value / TWO_32);
    return [hi, value - hi * TWO_32];
  }
  return [Number(value >> 32n), Number(value & 0xffffffffn)];
}

function readWord(id: StreamId, offset: number): number {
  return (
    ((id.charCodeAt(offset) << 24) |
      (id.charCodeAt(offset + 1) << 16) |
      (id.charCodeAt(offset + 2) << 8) |
      id.charCodeAt(offset + 3)) >>>
    0
  );
}

function readU64(id: StreamId, offset: number): U64 {
  const hi = readWord(id, offset);
  const lo = readWord(id, offset + 4);
  return hi < SAFE_HIGH_WORD ? hi * TWO_32 + lo : (BigInt(hi) << 32n) | BigInt(lo);
}

export function makeStreamId(ms: U64, seq: U64): StreamId {
  const [msHi, msLo] = words(ms);
  const [seqHi, seqLo] = words(seq);
  // One call makes one flat string: concatenating halves would build a rope (V8 ConsString),
  // which is slower to compare and costs more memory for every stored ID.
  return String.fromCharCode(
    msHi >>> 24,
    (msHi >>> 16) & 0xff,
    (msHi >>> 8) & 0xff,
    msHi & 0xff,
    msLo >>> 24,
    (msLo >>> 16) & 0xff,
    (msLo >>> 8) & 0xff,
    msLo & 0xff,
    seqHi >>> 24,
    (seqHi >>> 16) & 0xff,
    (seqHi >>> 8) & 0xff,
    seqHi & 0xff,
    seqLo >>> 24,
    (seqLo >>> 16) & 0xff,
    (seqLo >>> 8) & 0xff,
    seqLo & 0xff,
  );
}

/** The ID with byte `at` replaced by `code` and every byte after it set to `fill` (flat). */
function withByte(id: StreamId, at: number, codes: { code: number; fill: number }): StreamId {
  const bytes = new Array<number>(16);
  for (let i = 0; i < 16; i++) {
    bytes[i] = i < at ? id.charCodeAt(i) : i === at ? codes.code : codes.fill;
  }
  return String.fromCharCode(...bytes);
}

/** The milliseconds part. */
export function streamIdMs(id: StreamId): U64 {
  return readU64(id, 0);
}

/** The sequence part. */
export function streamIdSeq(id: StreamId): U64 {
  return readU64(id, 8);
}

/** `ms-seq`, as replies show an ID. */
export function formatStreamId(id: StreamId): string {
  return `${readU64(id, 0)}-${readU64(id, 8)}`;
}

/**
 * The next ID (`streamIncrID`: the sequence carries into the milliseconds); undefined past the
 * largest ID.
 */
export function nextStreamId(id: StreamId): StreamId | undefined {
  const low = readWord(id, 12);
  if (low !== 0xffffffff) {
    // No carry out of the low word (XADD * within one millisecond): one flat string, no array.
    const next = low + 1;
    return String.fromCharCode(
      id.charCodeAt(0),
      id.charCodeAt(1),
      id.charCodeAt(2),
      id.charCodeAt(3),
      id.charCodeAt(4),
      id.charCodeAt(5),
      id.charCodeAt(6),
      id.charCodeAt(7),
      id.charCodeAt(8),
      id.charCodeAt(9),
      id.charCodeAt(10),
      id.charCodeAt(11),
      next >>> 24,
      (next >>> 16) & 0xff,
      (next >>> 8) & 0xff,
      next & 0xff,
    );
  }
  let at = 15;
  while (at >= 0 && id.charCodeAt(at) === 0xff) {
    at--;
  }
  if (at < 0) {
    return undefined;
  }
  return withByte(id, at, { code: id.charCodeAt(at) + 1, fill: 0 });
}

/** The previous ID (`streamDecrID`); undefined before 0-0. */
export function previousStreamId(id: StreamId): StreamId | undefined {
  let at = 15;
  while (at >= 0 && id.charCodeAt(at) === 0) {
    at--;
  }
  if (at < 0) {
    return undefined;
  }
  return withByte(id, at, { code: id.charCodeAt(at) - 1, fill: 0xff });
}

/** The larger of two IDs. */
export function maxStreamId(a: StreamId, b: StreamId): StreamId {
  return a > b ? a : b;
}

const SHORT_DIGITS = /^(?:0|[1-9][0-9]{0,14})$/;
/** What `strtoull` accepts in base 10: leading spaces, a sign, digits, nothing after. */
const STRTOULL_SYNTAX = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/;

/**
 * Redis's `string2ull`: `string2ll` first (a negative value is refused), then `strtoull`, which
 * also takes leading spaces, a `+`, leading zeros, and a `-` that wraps the value around 2^64.
 */
export function parseU64(text: string): U64 | undefined {
  if (SHORT_DIGITS.test(text)) {
    return Number(text);
  }
  const signed = parseIntegerArg(text);
  if (signed !== undefined) {
    return signed < 0 ? undefined : signed;
  }
  const match = STRTOULL_SYNTAX.exec(text);
  if (match === null) {
    return undefined;
  }
  let value = BigInt(match[2] ?? "");
  if (value > U64_MAX) {
    return undefined; // ERANGE
  }
  if (match[1] === "-") {
    value = (U64_MAX + 1n - value) & U64_MAX;
  }
  return normalizeU64(value);
}

/** How `parseStreamId` reads an ID (`streamGenericParseIDOrReply`). */
export interface IdSyntax {
  /** `-` and `+` are refused (`streamParseStrictIDOrReply`). */
  readonly strict?: boolean;
  /** The sequence of an ID given as just `ms`: 0, or the largest for a range's end. */
  readonly missingSeq?: "min" | "max";
  /** XADD's `ms-*`: the sequence is left to the stream. */
  readonly allowSeqStar?: boolean;
}

export interface ParsedId {
  readonly id: StreamId;
  /** False for `ms-*`. */
  readonly seqGiven: boolean;
}

/** Parses an ID argument; undefined when it is not one (the caller replies with Redis's error). */
export function parseStreamId(text: string, syntax: IdSyntax = {}): ParsedId | undefined {
  // Redis copies the argument into a 128-byte C buffer: longer is invalid, a NUL ends it.
  if (text.length > 127) {
    return undefined;
  }
  const nul = text.indexOf("\u0000");
  const body = nul < 0 ? text : text.slice(0, nul);
  if (body === "-" || body === "+") {
    if (syntax.strict === true) {
      return undefined;
    }
    return { id: body === "-" ? MIN_STREAM_ID : MAX_STREAM_ID, seqGiven: true };
  }
  const dash = body.indexOf("-");
  const ms = parseU64(dash < 0 ? body : body.slice(0, dash));
  if (ms === undefined) {
    return undefined;
  }
  if (dash < 0) {
    return {
      id: makeStreamId(ms, syntax.missingSeq === "max" ? U64_MAX : 0),
      seqGiven: true,
    };
  }
  const seqText = body.slice(dash + 1);
  if (syntax.allowSeqStar === true && seqText === "*") {
    return { id: makeStreamId(ms, 0), seqGiven: false };
  }
  const seq = parseU64(seqText);
  return seq === undefined ? undefined : { id: makeStreamId(ms, seq), seqGiven: true };
}

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

/**
 * An ID's two parts as doubles: exact up to 2^53 and rounded (monotonically) above, so comparing
 * them orders IDs correctly except for ties, which the exact string then settles. V8 compares
 * strings relationally through a slow path and every string is another memory access, while
 * these numbers sit unboxed in arrays.
 */
function msOf(id: StreamId): number {
  return readWord(id, 0) * TWO_32 + readWord(id, 4);
}

function seqOf(id: StreamId): number {
  return readWord(id, 8) * TWO_32 + readWord(id, 12);
}

/** A probe: the ID with its numeric parts computed once. */
interface Probe {
  readonly id: StreamId;
  readonly ms: number;
  readonly seq: number;
}

function probeOf(id: StreamId): Probe {
  return { id, ms: msOf(id), seq: seqOf(id) };
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
 * start a new chunk instead, so append-only use (stream entries) fills chunks completely.
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

  /** How many chunks hold the keys (what XINFO shows as the stream's radix-tree keys). */
  get chunkCount(): number {
    return this.#chunks.length;
  }

  first(): StreamId | undefined {
    return this.#chunks[0]?.keys[0];
  }

  last(): StreamId | undefined {
    const chunk = this.#chunks[this.#chunks.length - 1];
    return chunk?.keys[chunk.keys.length - 1];
  }

  /** The value of the largest key. */
  lastValue(): TValue | undefined {
    const chunk = this.#chunks[this.#chunks.length - 1];
    return chunk?.values[chunk.values.length - 1];
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
      // Append: the common case for entries and PELs (IDs only grow).
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

  /** Removes the `count` smallest keys, whole chunks at a time where possible. */
  deleteFirst(count: number): void {
    let left = Math.min(count, this.#size);
    this.#size -= left;
    let whole = 0;
    while (whole < this.#chunks.length && (this.#chunks[whole]?.keys.length ?? 0) <= left) {
      left -= this.#chunks[whole]?.keys.length ?? 0;
      whole++;
    }
    if (whole > 0) {
      this.#removeChunks(0, whole);
    }
    const head = this.#chunks[0];
    if (left > 0 && head !== undefined) {
      head.keys.splice(0, left);
      head.ms.splice(0, left);
      head.seq.splice(0, left);
      head.values.splice(0, left);
    }
  }

  /** How many keys are below `id`, counting at most `limit` (so trimming stays O(removed)). */
  countBelow(id: StreamId, limit: number): number {
    const probe = probeOf(id);
    let count = 0;
    for (let index = 0; index < this.#chunks.length; index++) {
      if (count >= limit) {
        return limit;
      }
      const chunk = this.#chunks[index] as Chunk<TValue>;
      if (this.#compareToLast(probe, index) < 0) {
        count += chunk.keys.length;
        continue;
      }
      return Math.min(limit, count + lowerBound(chunk, probe));
    }
    return Math.min(limit, count);
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

  /** A copy, with each value mapped (shared when `copy` is omitted). */
  clone<TCopy = TValue>(copy?: (value: TValue, id: StreamId) => TCopy): IdMap<TCopy> {
    const result = new IdMap<TCopy>(this.#capacity);
    result.#size = this.#size;
    result.#lastMs = [...this.#lastMs];
    result.#lastSeq = [...this.#lastSeq];
    result.#chunks = this.#chunks.map((chunk) => ({
      keys: [...chunk.keys],
      ms: [...chunk.ms],
      seq: [...chunk.seq],
      values:
        copy === undefined
          ? ([...chunk.values] as unknown as TCopy[])
          : chunk.values.map((value, at) => copy(value, chunk.keys[at] as StreamId)),
    }));
    return result;
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

/** Entries chunk like Redis's listpack nodes (stream-node-max-entries defaults to 100). */
const ENTRIES_PER_CHUNK = 100;

export class StreamValue implements ContainerValue {
  readonly type = "stream";
  /** ID → the entry's field, value, field, value, … (never mutated, so copies share them). */
  entries = new IdMap<readonly string[]>(ENTRIES_PER_CHUNK);
  /** The last ID ever generated (XADD) or set (XSETID). */
  lastId: StreamId = MIN_STREAM_ID;
  /** The largest ID ever deleted by XDEL and friends (trimming does not count). */
  maxDeletedId: StreamId = MIN_STREAM_ID;
  /** How many entries were ever added. */
  entriesAdded: Counter = 0;
  /** Group name → group; created on first use, as Redis does. */
  groups: Map<string, ConsumerGroup> | undefined;

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

  /**
   * An entry's fields and values from `argv[from…]`, made to share the strings the stream's last
   * entry holds at the same places. Redis keeps the fields of a listpack node's first entry once
   * (the master entry); here a repeated field (or value) is one string for the whole stream
   * instead of one per entry, so what XADD leaves behind is the few strings that differ, and the
   * garbage collector has that much less to move and mark.
   */
  entryFields(argv: readonly string[], from: number): string[] {
    const previous = this.entries.lastValue();
    const fields = argv.slice(from);
    if (previous !== undefined && previous.length === fields.length) {
      for (let i = 0; i < fields.length; i++) {
        const held = previous[i] as string;
        if (fields[i] === held) {
          fields[i] = held;
        }
      }
    }
    return fields;
  }

  /** Appends an entry; `id` must be above `lastId`. */
  append(id: StreamId, fieldsAndValues: readonly string[]): void {
    this.entries.set(id, fieldsAndValues);
    this.lastId = id;
    this.entriesAdded = incrementCounter(this.entriesAdded);
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
