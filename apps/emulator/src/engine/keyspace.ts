/**
 * The keyspace: numbered databases of keys with millisecond expiry. Expiry is lazy on access plus
 * a sweep the engine runs on its clock, as Redis does (src/db.c, src/expire.c).
 */
import { ERR, ReplyError } from "./errors.ts";
import type { ContainerOf, ContainerValue, StoredValue } from "./values/types.ts";

type ContainerType = ContainerValue["type"];

/** Told when keys change, so the engine can run WATCH, blocked clients and notifications. */
export interface KeyspaceObserver {
  /** A key expired and was removed (lazily or by the sweep). */
  keyExpired(db: Database, key: string): void;
  /**
   * The access stamp (`access-time.ts`) of a value stored at a key, given the stamp of the value it
   * replaces (undefined for a new key).
   */
  storedStamp(previous: number | undefined): number;
  /** The stamp a lookup leaves, or undefined while lookups must not touch keys (CLIENT NO-TOUCH). */
  touchedStamp(previous: number): number | undefined;
}

export class Database {
  readonly index: number;
  /** Key → value. Insertion order is kept, which SCAN's cursor relies on. */
  readonly #data = new Map<string, StoredValue>();
  /** Key → absolute expiry time in ms; only keys with a TTL are here (Redis's `expires` dict). */
  readonly #expires = new Map<string, number>();
  /**
   * Key → access stamp (LRU clock or LFU counter, `access-time.ts`): OBJECT IDLETIME/FREQ and
   * eviction read it. A small integer per key, written at most once a second per key under LRU.
   */
  readonly #access = new Map<string, number>();
  readonly #clock: () => number;
  readonly #observer: KeyspaceObserver;
  #sweepCursor: Iterator<[string, number]> | undefined;
  /** Where eviction's samples continue (all keys, keys with a TTL). */
  #sampleCursor: Iterator<string> | undefined;
  #volatileSampleCursor: Iterator<string> | undefined;

  constructor(index: number, clock: () => number, observer: KeyspaceObserver) {
    this.index = index;
    this.#clock = clock;
    this.#observer = observer;
  }

  /** Keys currently held, including ones whose expiry has passed but were not yet removed. */
  get size(): number {
    return this.#data.size;
  }

  get expiresCount(): number {
    return this.#expires.size;
  }

  /**
   * The value at `key`, removing it first if it has expired; the lookup touches the key's access
   * time (Redis's `lookupKey`).
   */
  get(key: string): StoredValue | undefined {
    const value = this.peek(key);
    if (value !== undefined) {
      const previous = this.#access.get(key) ?? 0;
      const stamp = this.#observer.touchedStamp(previous);
      if (stamp !== undefined && stamp !== previous) {
        this.#access.set(key, stamp);
      }
    }
    return value;
  }

  /**
   * The value at `key`, expiring it if due, without touching its access time (`LOOKUP_NOTOUCH`:
   * TTL, TYPE, EXISTS, OBJECT, SCAN and KEYS look without counting as a use).
   */
  peek(key: string): StoredValue | undefined {
    const value = this.#data.get(key);
    if (value === undefined) {
      return undefined;
    }
    if (this.#expires.size > 0 && this.#expireIfDue(key)) {
      return undefined;
    }
    return value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** The access stamp of a live key (undefined when absent), without touching it. */
  accessStamp(key: string): number | undefined {
    return this.peek(key) === undefined ? undefined : this.#access.get(key);
  }

  /** Sets the access stamp of an existing key (RESTORE … IDLETIME/FREQ, DEBUG). */
  setAccessStamp(key: string, stamp: number): void {
    if (this.#data.has(key)) {
      this.#access.set(key, stamp);
    }
  }

  /** Whether storage holds `key`, expired or not, without expiring it (Redis's `dictFind`). */
  holds(key: string): boolean {
    return this.#data.has(key);
  }

  /** The string at `key`; WRONGTYPE if another type is there. */
  getString(key: string): string | undefined {
    const value = this.get(key);
    if (value === undefined || typeof value === "string") {
      return value;
    }
    throw new ReplyError(ERR.WRONGTYPE);
  }

  /** The container of `type` at `key`; WRONGTYPE if another type is there. */
  getContainer<T extends ContainerType>(key: string, type: T): ContainerOf<T> | undefined {
    const value = this.get(key);
    if (value === undefined) {
      return undefined;
    }
    if (typeof value === "string" || value.type !== type) {
      throw new ReplyError(ERR.WRONGTYPE);
    }
    // `type` names exactly one member of the closed union.
    return value as ContainerOf<T>;
  }

  /** The container of `type` at `key`, created with `create` (and stored) when the key is absent. */
  getOrCreateContainer<T extends ContainerType>(
    key: string,
    type: T,
    create: () => ContainerOf<T>,
  ): ContainerOf<T> {
    const existing = this.getContainer(key, type);
    if (existing !== undefined) {
      return existing;
    }
    const created = create();
    this.#data.set(key, created);
    this.#access.set(key, this.#observer.storedStamp(undefined));
    return created;
  }

  /** Stores `value`, clearing the key's TTL unless `keepTtl`. */
  set(key: string, value: StoredValue, keepTtl = false): void {
    this.#data.set(key, value);
    this.#access.set(key, this.#observer.storedStamp(this.#access.get(key)));
    if (!keepTtl && this.#expires.size > 0) {
      this.#expires.delete(key);
    }
  }

  /** Removes `key`; true if it existed (and had not expired). */
  delete(key: string): boolean {
    if (this.peek(key) === undefined) {
      return false;
    }
    this.#data.delete(key);
    this.#expires.delete(key);
    this.#access.delete(key);
    return true;
  }

  /** Removes `key` if its container became empty; true if it was removed. */
  deleteIfEmpty(key: string): boolean {
    const value = this.#data.get(key);
    if (value !== undefined && typeof value !== "string" && value.isEmpty()) {
      this.#data.delete(key);
      this.#expires.delete(key);
      this.#access.delete(key);
      return true;
    }
    return false;
  }

  /** The absolute expiry time of `key` in ms, or undefined when it has none (or is absent). */
  expiresAt(key: string): number | undefined {
    return this.peek(key) === undefined ? undefined : this.#expires.get(key);
  }

  /** Sets the absolute expiry of an existing key. */
  setExpiresAt(key: string, atMs: number): void {
    this.#expires.set(key, atMs);
  }

  /** Removes the TTL of `key`; true if it had one. */
  persist(key: string): boolean {
    return this.peek(key) !== undefined && this.#expires.delete(key);
  }

  /** Every key, expired ones skipped (and removed). Safe to modify the database while iterating. */
  *keys(): IterableIterator<string> {
    for (const key of [...this.#data.keys()]) {
      if (this.peek(key) !== undefined) {
        yield key;
      }
    }
  }

  /** Keys in storage order without copying or expiring, for cursors (SCAN) that check each key. */
  rawKeys(): IterableIterator<string> {
    return this.#data.keys();
  }

  /** A uniformly random live key, or undefined when the database is empty. */
  randomKey(random: () => number = Math.random): string | undefined {
    // Bounded retries: when every key has expired, give up like Redis does after 100 tries.
    for (let attempt = 0; attempt < 100 && this.#data.size > 0; attempt++) {
      const target = Math.floor(random() * this.#data.size);
      let index = 0;
      for (const key of this.#data.keys()) {
        if (index++ === target) {
          if (this.peek(key) !== undefined) {
            return key;
          }
          break;
        }
      }
    }
    return undefined;
  }

  /**
   * Up to `count` distinct live keys for eviction to compare (all keys, or only those with a TTL),
   * continuing in storage order where the last sample stopped and wrapping around.
   */
  sampleKeys(options: { count: number; withExpiry: boolean }): string[] {
    const source = options.withExpiry ? this.#expires : this.#data;
    const wanted = Math.min(options.count, source.size);
    const keys: string[] = [];
    for (let steps = 0; keys.length < wanted && steps < wanted * 2; steps++) {
      let cursor = options.withExpiry ? this.#volatileSampleCursor : this.#sampleCursor;
      cursor ??= source.keys();
      let next = cursor.next();
      if (next.done === true) {
        cursor = source.keys();
        next = cursor.next();
      }
      if (options.withExpiry) {
        this.#volatileSampleCursor = cursor;
      } else {
        this.#sampleCursor = cursor;
      }
      if (next.done !== true && !keys.includes(next.value) && this.peek(next.value) !== undefined) {
        keys.push(next.value);
      }
    }
    return keys;
  }

  /** Removes every key. */
  clear(): void {
    this.#data.clear();
    this.#expires.clear();
    this.#access.clear();
    this.#sweepCursor = undefined;
    this.#sampleCursor = undefined;
    this.#volatileSampleCursor = undefined;
  }

  /** Swaps the contents with another database (SWAPDB). */
  swapWith(other: Database): void {
    const data = [...this.#data];
    const expires = [...this.#expires];
    const access = [...this.#access];
    this.clear();
    for (const [key, value] of other.#data) {
      this.#data.set(key, value);
    }
    for (const [key, at] of other.#expires) {
      this.#expires.set(key, at);
    }
    for (const [key, stamp] of other.#access) {
      this.#access.set(key, stamp);
    }
    other.clear();
    for (const [key, value] of data) {
      other.#data.set(key, value);
    }
    for (const [key, at] of expires) {
      other.#expires.set(key, at);
    }
    for (const [key, stamp] of access) {
      other.#access.set(key, stamp);
    }
  }

  /**
   * Active expiry: looks at up to `budget` keys with a TTL, continuing where the last sweep stopped,
   * and removes the expired ones. Returns how many it removed.
   */
  sweepExpired(budget: number): number {
    let removed = 0;
    for (let checked = 0; checked < budget && this.#expires.size > 0; checked++) {
      this.#sweepCursor ??= this.#expires.entries();
      const next = this.#sweepCursor.next();
      if (next.done === true) {
        this.#sweepCursor = undefined;
        continue;
      }
      if (this.#expireIfDue(next.value[0])) {
        removed++;
      }
    }
    return removed;
  }

  #expireIfDue(key: string): boolean {
    const at = this.#expires.get(key);
    if (at === undefined || at > this.#clock()) {
      return false;
    }
    this.#data.delete(key);
    this.#expires.delete(key);
    this.#access.delete(key);
    this.#observer.keyExpired(this, key);
    return true;
  }
}
