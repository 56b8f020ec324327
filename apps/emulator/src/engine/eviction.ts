/**
 * `maxmemory` (src/evict.c): the engine's own accounting of its data's size — each key's
 * MEMORY USAGE estimate, kept up to date as keys change — and the choice of keys to evict under
 * each `maxmemory-policy`. Redis approximates LRU, LFU and TTL by sampling `maxmemory-samples`
 * keys per database and evicting the best candidate; so does this, sampling keys in storage order
 * from where the last sample stopped (the engine's keyspace has no random access).
 *
 * The accounting runs only while `maxmemory` is set, so an engine without a limit pays nothing.
 */

import type { AccessPolicy } from "./access-time.ts";
import { frequency, idleSeconds } from "./access-time.ts";
import type { Database } from "./keyspace.ts";
import { estimateMemoryUsage } from "./object-info.ts";

/** How many elements of a container MEMORY USAGE samples by default. */
const USAGE_SAMPLES = 5;

/** Per-key estimates and their sum, for every database. */
export class MemoryAccounting {
  total = 0;
  readonly #sizes: Map<string, number>[];

  constructor(databases: readonly Database[]) {
    this.#sizes = databases.map(() => new Map());
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
    const after = value === undefined ? 0 : estimateMemoryUsage(key, value, USAGE_SAMPLES);
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

/** The key to evict next, or undefined when the policy finds none (then the command gets OOM). */
export function pickVictim(request: {
  readonly databases: readonly Database[];
  readonly policy: EvictionPolicy;
  readonly samples: number;
  readonly access: AccessPolicy;
  readonly nowMs: number;
  readonly random: () => number;
}): { db: Database; key: string } | undefined {
  const { policy } = request;
  if (policy === "noeviction") {
    return undefined;
  }
  const isVolatile = policy.startsWith("volatile-");
  let best: { db: Database; key: string; score: number } | undefined;
  for (const db of request.databases) {
    for (const key of db.sampleKeys({ count: request.samples, withExpiry: isVolatile })) {
      const score = evictionScore(db, key, request);
      if (score !== undefined && (best === undefined || score > best.score)) {
        best = { db, key, score };
      }
    }
    // The random policies take a key from the first database that has one, as Redis does.
    if (best !== undefined && policy.endsWith("-random")) {
      break;
    }
  }
  return best === undefined ? undefined : { db: best.db, key: best.key };
}

/** Higher is evicted first: idle time, inverse frequency, or nearness of the expiry. */
function evictionScore(
  db: Database,
  key: string,
  request: { policy: EvictionPolicy; access: AccessPolicy; nowMs: number; random: () => number },
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
      // allkeys-random, volatile-random: any sampled key.
      return request.random();
  }
}
