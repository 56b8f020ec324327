/**
 * Hashes (src/t_hash.c): fields with values and, since Redis 7.4, an optional expiry per field.
 *
 * Storage is one layout for every encoding: parallel arrays of fields and values plus a
 * `field → position` map, so lookups are O(1) and a random field (HRANDFIELD) is O(1) too. What
 * the encoding changes is how positions move, because that is what clients can observe:
 * - **listpack / listpackex** keep Redis's listpack order: new fields are appended, deletes close
 *   the gap (O(n), as a listpack delete is). Once a hash is `listpackex` (any field-expiry command
 *   touched it), fields with a TTL sit first, ordered by expiry time, as in
 *   `listpackExAddInternal`; HGETALL shows that order.
 * - **hashtable** order is unspecified in Redis, so a delete moves the last field into the hole
 *   (O(1)).
 *
 * HSCAN over a hashtable walks positions from the top down (see `scanPositions`): the cursor is
 * "every position below this is still to visit". Positions only ever move down (appends go on
 * top, a delete moves the top field down), so a field present for the whole iteration is returned
 * at least once, which is SCAN's guarantee; fields added meanwhile land above the cursor and may
 * be missed, which SCAN allows.
 *
 * Field expiry is a `field → unix ms` map plus a min-heap with lazy invalidation, so the next
 * due field is found in O(log n). Commands call `lookupHash`, which removes due fields first, so
 * expired fields are never visible (Redis hides them lazily and removes them actively; the result
 * is the same).
 */

import { asciiUpper } from "../bytes.ts";
import type { ConfigApi, NotifyClass } from "../config.ts";
import { ERR, ReplyError } from "../errors.ts";
import type { Database } from "../keyspace.ts";
import { parseIntegerArg } from "../numbers.ts";
import type { ContainerValue } from "./types.ts";

/** The `hash-max-listpack-*` limits that decide the encoding (read once per command). */
export interface HashLimits {
  readonly maxEntries: number;
  readonly maxValueLength: number;
}

export function hashLimits(config: Pick<ConfigApi, "derived">): HashLimits {
  return config.derived(readHashLimits);
}

function readHashLimits(config: ConfigApi): HashLimits {
  return {
    maxEntries: Number(config.value("hash-max-listpack-entries")),
    maxValueLength: Number(config.value("hash-max-listpack-value")),
  };
}

/** Containers up to this size find elements by a linear search instead of a Map. */
export const INDEX_THRESHOLD = 16;
/**
 * Arrays shorter than this grow by an exact-size copy rather than `push`, which reserves room for
 * 16 more elements: small containers are most of them, and memory per key matters.
 */
export const SMALL_ARRAY = 16;

/** A binary min-heap of (expiry, field); entries whose expiry has since changed are skipped. */
class ExpiryHeap {
  readonly #times: number[] = [];
  readonly #fields: string[] = [];

  get length(): number {
    return this.#times.length;
  }

  topTime(): number | undefined {
    return this.#times[0];
  }

  topField(): string | undefined {
    return this.#fields[0];
  }

  push(time: number, field: string): void {
    const times = this.#times;
    const fields = this.#fields;
    let index = times.length;
    times.push(time);
    fields.push(field);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentTime = times[parent] ?? 0;
      if (parentTime <= time) {
        break;
      }
      times[index] = parentTime;
      fields[index] = fields[parent] ?? "";
      index = parent;
    }
    times[index] = time;
    fields[index] = field;
  }

  pop(): void {
    const times = this.#times;
    const fields = this.#fields;
    const lastTime = times.pop();
    const lastField = fields.pop();
    if (times.length === 0 || lastTime === undefined || lastField === undefined) {
      return;
    }
    const size = times.length;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) {
        break;
      }
      const right = left + 1;
      const child = right < size && (times[right] ?? 0) < (times[left] ?? 0) ? right : left;
      const childTime = times[child] ?? 0;
      if (childTime >= lastTime) {
        break;
      }
      times[index] = childTime;
      fields[index] = fields[child] ?? "";
      index = child;
    }
    times[index] = lastTime;
    fields[index] = lastField;
  }
}

/** Field expiry bookkeeping, allocated only for hashes that use it. */
interface FieldExpiries {
  /** Field → absolute expiry in unix ms. */
  readonly times: Map<string, number>;
  heap: ExpiryHeap;
}

const HASHTABLE = 1;
/** Redis's OBJ_ENCODING_LISTPACK_EX: set once a field-expiry command touched a listpack hash. */
const EXPIRY_AWARE = 2;

export class HashValue implements ContainerValue {
  /**
   * Fields and values interleaved (`f0, v0, f1, v1, …`): one array per hash keeps small hashes
   * small (they are created from an exact-size literal, not grown).
   */
  #pairs: string[] | undefined;
  /**
   * `field → pair position`, built once the hash outgrows `INDEX_THRESHOLD`: small hashes (the
   * common case) are searched linearly, like a listpack, and save a Map's memory.
   */
  #index: Map<string, number> | undefined;
  #flags = 0;
  #expiries: FieldExpiries | undefined;

  get type(): "hash" {
    return "hash";
  }

  /** The number of fields. */
  get size(): number {
    return (this.#pairs?.length ?? 0) >> 1;
  }

  isEmpty(): boolean {
    return this.size === 0;
  }

  encoding(): string {
    if (this.isHashtable) {
      return "hashtable";
    }
    return (this.#flags & EXPIRY_AWARE) === 0 ? "listpack" : "listpackex";
  }

  get isHashtable(): boolean {
    return (this.#flags & HASHTABLE) !== 0;
  }

  clone(): HashValue {
    const copy = new HashValue();
    copy.#pairs = this.#pairs === undefined ? undefined : [...this.#pairs];
    copy.#index = this.#index === undefined ? undefined : new Map(this.#index);
    copy.#flags = this.#flags;
    for (const [field, at] of this.#expiries?.times ?? []) {
      copy.#trackExpiry(field, at);
    }
    return copy;
  }

  get(field: string): string | undefined {
    const position = this.#positionOf(field);
    return position < 0 ? undefined : this.#pairs?.[2 * position + 1];
  }

  has(field: string): boolean {
    return this.#positionOf(field) >= 0;
  }

  fieldAt(position: number): string {
    return this.#pairs?.[2 * position] ?? "";
  }

  valueAt(position: number): string {
    return this.#pairs?.[2 * position + 1] ?? "";
  }

  /**
   * Redis's `hashTypeTryConversion`: before writing `newFields` fields, converts to a hashtable
   * when they would exceed `hash-max-listpack-entries` or any of `strings` is longer than
   * `hash-max-listpack-value`.
   */
  prepareWrite(strings: readonly string[], newFields: number, limits: HashLimits): void {
    if (this.isHashtable) {
      return;
    }
    if (newFields > limits.maxEntries) {
      this.#flags |= HASHTABLE;
      return;
    }
    for (const text of strings) {
      if (text.length > limits.maxValueLength) {
        this.#flags |= HASHTABLE;
        return;
      }
    }
  }

  /** Sets `field` (dropping its TTL); true when the field is new. `hashTypeSet`. */
  set(field: string, value: string, limits: HashLimits): boolean {
    this.#convertIfTooBig(field, value, limits);
    const isNew = this.#write(field, value, false);
    this.#convertIfTooLong(limits);
    return isNew;
  }

  /** Like `set`, but an existing field keeps its TTL (HASH_SET_KEEP_TTL). */
  setKeepingTtl(field: string, value: string, limits: HashLimits): boolean {
    this.#convertIfTooBig(field, value, limits);
    const isNew = this.#write(field, value, true);
    this.#convertIfTooLong(limits);
    return isNew;
  }

  /** Removes `field`; true if it was there. */
  delete(field: string): boolean {
    const position = this.#positionOf(field);
    if (position < 0) {
      return false;
    }
    this.#index?.delete(field);
    this.#expiries?.times.delete(field);
    this.#removeAt(position);
    return true;
  }

  /** Fields with values in storage order (listpack order for small hashes). */
  *entries(): IterableIterator<[string, string]> {
    const pairs = this.#pairs ?? [];
    for (let i = 0; i < pairs.length; i += 2) {
      yield [pairs[i] ?? "", pairs[i + 1] ?? ""];
    }
  }

  /** The field's absolute expiry in unix ms, or undefined when it has none. */
  expiresAt(field: string): number | undefined {
    return this.#expiries?.times.get(field);
  }

  /** Switches to the hashtable encoding (RESTORE of a payload too large for a listpack). */
  convertToHashtable(): void {
    this.#flags |= HASHTABLE;
  }

  /** `hashTypeSetExInit`: a listpack hash becomes `listpackex` once expiry commands touch it. */
  enableFieldExpiry(): void {
    this.#flags |= EXPIRY_AWARE;
  }

  /** Sets the absolute expiry of an existing field. */
  setExpiresAt(field: string, atMs: number): void {
    const position = this.#positionOf(field);
    if (position < 0) {
      return;
    }
    this.#flags |= EXPIRY_AWARE;
    this.#trackExpiry(field, atMs);
    this.#reorder(position);
  }

  /** Removes the TTL of `field`; true if it had one. */
  persist(field: string): boolean {
    const position = this.#positionOf(field);
    if (position < 0 || this.#expiries?.times.delete(field) !== true) {
      return false;
    }
    this.#reorder(position);
    return true;
  }

  /** Whether a field's expiry is at or before `now`. */
  hasDueFields(now: number): boolean {
    if (this.#expiries === undefined) {
      return false;
    }
    const next = this.#nextExpiry();
    return next !== undefined && next <= now;
  }

  /** Removes every field whose expiry is at or before `now`, returning their names. */
  removeDueFields(now: number): string[] {
    const removed: string[] = [];
    for (let next = this.#nextExpiry(); next !== undefined && next <= now; ) {
      const heap = this.#expiries?.heap;
      const field = heap?.topField() ?? "";
      heap?.pop();
      this.delete(field);
      removed.push(field);
      next = this.#nextExpiry();
    }
    return removed;
  }

  /**
   * One step of HSCAN over the hashtable encoding: the positions to return and the next cursor
   * (0 when done). See the module comment for why this keeps SCAN's guarantee.
   */
  scanPositions(cursor: number, count: number): { next: number; positions: number[] } {
    return scanPositions(this.size, cursor, count);
  }

  /** `hashTypeSet` converts before writing a field or value too long for a listpack. */
  #convertIfTooBig(field: string, value: string, limits: HashLimits): void {
    // Values written by HINCRBY* were not checked by `prepareWrite`.
    if (field.length > limits.maxValueLength || value.length > limits.maxValueLength) {
      this.#flags |= HASHTABLE;
    }
  }

  /** Writes the value; true when the field is new. */
  #write(field: string, value: string, keepTtl: boolean): boolean {
    const pairs = this.#pairs;
    if (pairs === undefined) {
      this.#pairs = [field, value];
      return true;
    }
    const position = this.#positionOf(field);
    if (position >= 0) {
      pairs[2 * position + 1] = value;
      if (!keepTtl && this.#expiries?.times.delete(field) === true) {
        this.#reorder(position);
      }
      return false;
    }
    this.#index?.set(field, pairs.length >> 1);
    if (pairs.length < SMALL_ARRAY) {
      // `concat` allocates the exact size; `push` would reserve room for 16 more slots.
      this.#pairs = pairs.concat(field, value);
      return true;
    }
    pairs.push(field, value);
    if (this.#index === undefined && pairs.length > 2 * INDEX_THRESHOLD) {
      this.#index = new Map();
      this.#reindexFrom(0);
    }
    return true;
  }

  #convertIfTooLong(limits: HashLimits): void {
    if (this.size > limits.maxEntries) {
      this.#flags |= HASHTABLE;
    }
  }

  #removeAt(position: number): void {
    const pairs = this.#pairs;
    if (pairs === undefined) {
      return;
    }
    const last = pairs.length - 2;
    if (this.isHashtable) {
      // Order is unspecified: fill the hole with the last field (it moves down, see scanning).
      if (2 * position !== last) {
        const moved = pairs[last] ?? "";
        pairs[2 * position] = moved;
        pairs[2 * position + 1] = pairs[last + 1] ?? "";
        this.#index?.set(moved, position);
      }
      pairs.length = last;
      return;
    }
    pairs.splice(2 * position, 2);
    this.#reindexFrom(position);
  }

  /**
   * Moves the field at `position` to where a listpackex keeps it: after the fields expiring no
   * later, or at the end when it has no TTL (`listpackExUpdateExpiry` deletes and re-inserts).
   */
  #reorder(position: number): void {
    const pairs = this.#pairs;
    if (pairs === undefined || this.isHashtable || (this.#flags & EXPIRY_AWARE) === 0) {
      return;
    }
    const [field = "", value = ""] = pairs.splice(2 * position, 2);
    const times = this.#expiries?.times;
    const at = times?.get(field);
    let target = pairs.length;
    if (at !== undefined) {
      for (let i = 0; i < pairs.length; i += 2) {
        const otherAt = times?.get(pairs[i] ?? "");
        if (otherAt === undefined || otherAt > at) {
          target = i;
          break;
        }
      }
    }
    pairs.splice(target, 0, field, value);
    this.#reindexFrom(Math.min(position, target >> 1));
  }

  #reindexFrom(start: number): void {
    const index = this.#index;
    const pairs = this.#pairs;
    if (index === undefined || pairs === undefined) {
      return;
    }
    for (let i = 2 * start; i < pairs.length; i += 2) {
      index.set(pairs[i] ?? "", i >> 1);
    }
  }

  /** The pair position of `field`, or -1. */
  #positionOf(field: string): number {
    if (this.#index !== undefined) {
      return this.#index.get(field) ?? -1;
    }
    const pairs = this.#pairs;
    if (pairs !== undefined) {
      for (let i = 0; i < pairs.length; i += 2) {
        if (pairs[i] === field) {
          return i >> 1;
        }
      }
    }
    return -1;
  }

  #trackExpiry(field: string, atMs: number): void {
    this.#expiries ??= { times: new Map(), heap: new ExpiryHeap() };
    const { times } = this.#expiries;
    times.set(field, atMs);
    this.#expiries.heap.push(atMs, field);
    // Stale heap entries (changed or removed TTLs) are dropped lazily; rebuild if they pile up.
    if (this.#expiries.heap.length > 2 * times.size + 32) {
      const heap = new ExpiryHeap();
      for (const [tracked, at] of times) {
        heap.push(at, tracked);
      }
      this.#expiries.heap = heap;
    }
  }

  /** The earliest field expiry, dropping stale heap entries on the way. */
  #nextExpiry(): number | undefined {
    const expiries = this.#expiries;
    if (expiries === undefined) {
      return undefined;
    }
    const { heap, times } = expiries;
    for (;;) {
      const time = heap.topTime();
      if (time === undefined) {
        return undefined;
      }
      if (times.get(heap.topField() ?? "") === time) {
        return time;
      }
      heap.pop();
    }
  }
}

/**
 * A step of a top-down cursor over positions `0..size-1`: cursor 0 starts at the top, any other
 * cursor means "positions below it are left". The next cursor is 0 once position 0 was visited.
 */
export function scanPositions(
  size: number,
  cursor: number,
  count: number,
): { next: number; positions: number[] } {
  const start = cursor === 0 ? size : Math.min(cursor, size);
  const end = Math.max(0, start - count);
  const positions: number[] = [];
  for (let position = start - 1; position >= end; position--) {
    positions.push(position);
  }
  return { next: end, positions };
}

/** What `lookupHash` needs from the running command. */
export interface HashContext {
  readonly db: Database;
  readonly now: number;
  modified(key: string, event: string, type: NotifyClass): void;
  notify(event: string, key: string, type: NotifyClass): void;
  propagate(argv: readonly string[]): void;
}

/**
 * The hash at `key` (WRONGTYPE otherwise) with its due fields removed, or undefined. Removing
 * fields is logged as HDEL and announced as `hexpired`; a hash left empty is deleted (`del`), as
 * Redis's field expiry does.
 */
export function lookupHash(ctx: HashContext, key: string): HashValue | undefined {
  const hash = ctx.db.getContainer(key, "hash");
  if (hash === undefined || !hash.hasDueFields(ctx.now)) {
    return hash;
  }
  const expired = hash.removeDueFields(ctx.now);
  ctx.propagate(["HDEL", key, ...expired]);
  ctx.modified(key, "hexpired", "h");
  if (hash.isEmpty()) {
    ctx.db.delete(key);
    ctx.notify("del", key, "g");
    return undefined;
  }
  return hash;
}

/** The hash at `key`, created empty when absent (the caller must add a field or delete it). */
export function lookupOrCreateHash(ctx: HashContext, key: string): HashValue {
  return lookupHash(ctx, key) ?? ctx.db.getOrCreateContainer(key, "hash", () => new HashValue());
}

/** Deletes `key` when its hash became empty, with Redis's `del` event. */
export function deleteHashIfEmpty(ctx: HashContext, key: string): void {
  if (ctx.db.deleteIfEmpty(key)) {
    ctx.notify("del", key, "g");
  }
}

// ---- SCAN helpers shared by HSCAN and SSCAN ---------------------------------------------------

const UINT64_MAX = 2n ** 64n - 1n;
const CURSOR_SYNTAX = /^([+-]?)([0-9]+)$/;

/**
 * `parseScanCursorOrReply`: `strtoul` of the whole text, refusing a leading space and overflow.
 * Like `strtoul`, it takes a sign (a negative number wraps around) and reads "" as 0.
 */
export function parseScanCursor(text: string): bigint {
  if (text === "") {
    return 0n;
  }
  const match = CURSOR_SYNTAX.exec(text);
  const magnitude = match === null ? undefined : BigInt(match[2] ?? "0");
  if (match === null || magnitude === undefined || magnitude > UINT64_MAX) {
    throw new ReplyError(ERR.INVALID_CURSOR);
  }
  return match[1] === "-" ? (UINT64_MAX + 1n - magnitude) % (UINT64_MAX + 1n) : magnitude;
}

/** A cursor as a position bound for `scanPositions` (anything past the end means "the end"). */
export function cursorPosition(cursor: bigint, size: number): number {
  return cursor > BigInt(size) ? size : Number(cursor);
}

export interface ScanOptions {
  /** Undefined when there is no pattern or it is `*`. */
  readonly pattern: string | undefined;
  readonly count: number;
  readonly noValues: boolean;
}

/**
 * The options of `scanGenericCommand` (src/db.c): `COUNT n` (≥ 1), `MATCH pattern` and, for HSCAN
 * only, `NOVALUES`. Redis reads them after finding the key, so a missing key ignores them.
 */
export function parseScanOptions(options: readonly string[], isHash: boolean): ScanOptions {
  let pattern: string | undefined;
  let count = 10;
  let noValues = false;
  for (let i = 0; i < options.length; ) {
    const token = asciiUpper(options[i] ?? "");
    const hasValue = i + 1 < options.length;
    if (token === "COUNT" && hasValue) {
      const parsed = parseIntegerArg(options[i + 1] ?? "");
      if (parsed === undefined) {
        throw new ReplyError(ERR.NOT_INTEGER);
      }
      if (parsed < 1) {
        throw new ReplyError(ERR.SYNTAX);
      }
      count = Number(parsed);
      i += 2;
    } else if (token === "MATCH" && hasValue) {
      const text = options[i + 1] ?? "";
      pattern = text === "*" ? undefined : text;
      i += 2;
    } else if (token === "NOVALUES") {
      if (!isHash) {
        throw new ReplyError(ERR.NOVALUES_NOT_HSCAN);
      }
      noValues = true;
      i++;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { pattern, count, noValues };
}

/**
 * `count` distinct positions out of `size`, in ascending order, each subset equally likely
 * (Knuth's selection sampling). Redis samples listpacks this way (`lpRandomPairsUnique`,
 * `lpNextRandom`), so small encodings answer in their stored order.
 */
export function samplePositionsInOrder(
  size: number,
  count: number,
  random: () => number,
): number[] {
  const picks: number[] = [];
  for (let position = 0; position < size && picks.length < count; position++) {
    if (random() * (size - position) < count - picks.length) {
      picks.push(position);
    }
  }
  return picks;
}
