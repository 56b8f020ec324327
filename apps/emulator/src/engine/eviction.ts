/**
 * `maxmemory` (src/evict.c): the engine's own accounting of its data's size — each key's
 * MEMORY USAGE estimate, kept up to date as keys change — and the choice of keys to evict under
 * each `maxmemory-policy`. Redis approximates LRU, LFU and TTL by sampling `maxmemory-samples`
 * keys per database into a pool of the 16 best candidates kept across evictions, and evicting the
 * pool's best; so does this (`EvictionPool`, `pickVictim`). What stays approximate: Redis samples
 * from a random place of its hash table (`dictGetSomeKeys`); the engine's keyspace has no random
 * access, so samples continue in storage order from where the last one stopped.
 *
 * The accounting runs only while `maxmemory` is set, so an engine without a limit pays nothing.
 */

import type { AccessPolicy } from "./access-time.ts";
import { frequency, idleSeconds } from "./access-time.ts";
import type { ConfigApi } from "./config.ts";
import type { Database } from "./keyspace.ts";
import { estimateMemoryUsage, type UsageOptions, usageOptions } from "./memory-size.ts";

/** How many elements of a container MEMORY USAGE samples by default. */
const USAGE_SAMPLES = 5;
const DEFAULT_ACCOUNT_OPTIONS: UsageOptions = { samples: USAGE_SAMPLES };

/** The account's options under a configuration: made once per CONFIG change, not per write. */
function accountOptions(config: ConfigApi): UsageOptions {
  return usageOptions(config, USAGE_SAMPLES);
}

/** Per-key estimates and their sum, for every database. */
export class MemoryAccounting {
  total = 0;
  readonly #sizes: Map<string, number>[];
  readonly #config: Pick<ConfigApi, "derived"> | undefined;

  /** `config` decides how lists fill quicklist nodes (the default's when absent). */
  constructor(databases: readonly Database[], config?: Pick<ConfigApi, "derived">) {
    this.#sizes = databases.map(() => new Map());
    this.#config = config;
    for (const db of databases) {
      for (const key of db.rawKeys()) {
        this.keyChanged(db, key);
      }
    }
  }

  /** Re-estimates `key` after a change (or forgets it when it is gone). */
  keyChanged(db: Database, key: string): void {
    const sizes = this.#sizes[db.index];
    if (sizes === undefined) {
      return;
    }
    const before = sizes.get(key) ?? 0;
    const value = db.peek(key);
    const options =
      this.#config === undefined ? DEFAULT_ACCOUNT_OPTIONS : this.#config.derived(accountOptions);
    const after = value === undefined ? 0 : estimateMemoryUsage(key, value, options);
    if (value === undefined) {
      sizes.delete(key);
    } else {
      sizes.set(key, after);
    }
    this.total += after - before;
  }

  databaseCleared(index: number): void {
    const sizes = this.#sizes[index];
    if (sizes === undefined) {
      return;
    }
    for (const size of sizes.values()) {
      this.total -= size;
    }
    sizes.clear();
  }

  databasesSwapped(a: number, b: number): void {
    const first = this.#sizes[a];
    const second = this.#sizes[b];
    if (first !== undefined && second !== undefined) {
      this.#sizes[a] = second;
      this.#sizes[b] = first;
    }
  }
}

export type EvictionPolicy =
  | "noeviction"
  | "allkeys-lru"
  | "allkeys-lfu"
  | "allkeys-random"
  | "volatile-lru"
  | "volatile-lfu"
  | "volatile-random"
  | "volatile-ttl";

/** EVPOOL_SIZE: how many candidates the pool keeps across evictions. */
const POOL_SIZE = 16;

interface PoolEntry {
  /** Higher is evicted first (Redis's `idle`: idle time, 255 - frequency, or nearness of expiry). */
  readonly score: number;
  readonly key: string;
  readonly dbIndex: number;
}

/**
 * Redis's eviction pool (`EvictionPoolLRU`, src/evict.c): the best candidates seen by the samples
 * of earlier evictions, kept in ascending score order, so that an eviction picks the best of many
 * samples rather than of one. Entries are names only: one whose key has gone (or, under a
 * `volatile-*` policy, lost its TTL) is a ghost, dropped when it comes up. It also holds the
 * random policies' database cursor (`next_db`).
 */
export class EvictionPool {
  readonly #entries: (PoolEntry | undefined)[] = new Array(POOL_SIZE).fill(undefined);
  #nextRandomDb = 0;

  /** evictionPoolPopulate: each sampled key takes its place by score when it beats the worst. */
  populate(candidates: readonly PoolEntry[]): void {
    const pool = this.#entries;
    for (const candidate of candidates) {
      let k = 0;
      while (
        k < POOL_SIZE &&
        pool[k] !== undefined &&
        (pool[k] as PoolEntry).score < candidate.score
      ) {
        k++;
      }
      if (k === 0 && pool[POOL_SIZE - 1] !== undefined) {
        // Worse than the worst of a full pool.
        continue;
      }
      if (k < POOL_SIZE && pool[k] === undefined) {
        // An empty slot: nothing to move.
      } else if (pool[POOL_SIZE - 1] === undefined) {
        // Room on the right: shift k… right by one.
        pool.splice(k, 0, undefined);
        pool.length = POOL_SIZE;
      } else {
        // Full: drop the worst (leftmost) and insert just before k.
        k--;
        pool.splice(0, 1);
        pool.splice(k, 0, undefined);
      }
      pool[k] = candidate;
    }
  }

  /** The best entry, taken out of the pool (best is rightmost); undefined when it is empty. */
  takeBest(): PoolEntry | undefined {
    for (let k = POOL_SIZE - 1; k >= 0; k--) {
      const entry = this.#entries[k];
      if (entry !== undefined) {
        this.#entries[k] = undefined;
        return entry;
      }
    }
    return undefined;
  }

  /** The random policies' next database (`++next_db % dbnum`). */
  nextRandomDb(count: number): number {
    this.#nextRandomDb = (this.#nextRandomDb + 1) % count;
    return this.#nextRandomDb;
  }

  /** The candidates in the pool, worst first (for tests). */
  candidates(): PoolEntry[] {
    return this.#entries.filter((entry) => entry !== undefined);
  }
}

/**
 * The key to evict next (performEvictions), or undefined when the policy finds none (then the
 * command gets OOM). LRU, LFU and TTL policies sample `maxmemory-samples` keys of every database
 * into the pool and take its best live entry; the random policies take a key of the next database
 * that has one, round robin.
 */
export function pickVictim(request: {
  readonly databases: readonly Database[];
  readonly policy: EvictionPolicy;
  readonly samples: number;
  readonly access: AccessPolicy;
  readonly nowMs: number;
  readonly random: () => number;
  readonly pool: EvictionPool;
}): { db: Database; key: string } | undefined {
  const { policy, databases, pool } = request;
  if (policy === "noeviction") {
    return undefined;
  }
  const isVolatile = policy.startsWith("volatile-");
  if (policy.endsWith("-random")) {
    for (let tried = 0; tried < databases.length; tried++) {
      const db = databases[pool.nextRandomDb(databases.length)];
      // dictGetRandomKey: here one key of a sample, at random (the keyspace has no random access).
      const sample = db?.sampleKeys({ count: request.samples, withExpiry: isVolatile }) ?? [];
      const key = sample[Math.floor(request.random() * sample.length)];
      if (db !== undefined && key !== undefined) {
        return { db, key };
      }
    }
    return undefined;
  }
  for (;;) {
    let sampled = 0;
    for (const db of databases) {
      const keys = db.sampleKeys({ count: request.samples, withExpiry: isVolatile });
      sampled += keys.length;
      const candidates: PoolEntry[] = [];
      for (const key of keys) {
        const score = evictionScore(db, key, request);
        if (score !== undefined) {
          candidates.push({ score, key, dbIndex: db.index });
        }
      }
      pool.populate(candidates);
    }
    if (sampled === 0) {
      return undefined;
    }
    for (let entry = pool.takeBest(); entry !== undefined; entry = pool.takeBest()) {
      const db = databases[entry.dbIndex];
      const isLive = isVolatile
        ? db?.expiresAt(entry.key) !== undefined
        : db?.holds(entry.key) === true;
      if (db !== undefined && isLive) {
        return { db, key: entry.key };
      }
      // A ghost: its key was deleted (or lost its TTL) since it was sampled.
    }
  }
}

/** Higher is evicted first: idle time, inverse frequency, or nearness of the expiry. */
function evictionScore(
  db: Database,
  key: string,
  request: { policy: EvictionPolicy; access: AccessPolicy; nowMs: number },
): number | undefined {
  const stamp = db.accessStamp(key);
  if (stamp === undefined) {
    return undefined;
  }
  switch (request.policy) {
    case "allkeys-lru":
    case "volatile-lru":
      return idleSeconds(stamp, request.nowMs);
    case "allkeys-lfu":
    case "volatile-lfu":
      return 255 - frequency(stamp, { policy: request.access, nowMs: request.nowMs });
    case "volatile-ttl": {
      const at = db.expiresAt(key);
      return at === undefined ? undefined : -at;
    }
    default:
      return undefined;
  }
}
