/**
 * Every index and alias, and how indexes follow the keyspace. The engine reports each changed key
 * (its single `keyModified` point: every command's write, expiry, eviction) and every flush or
 * swap; changed keys under some index's prefix are queued and indexed from their current value
 * before the next search command reads an index, so indexing is synchronous as far as any client
 * can see and SEARCH.WAITINDEXING has nothing to wait for.
 */
import type { Database } from "../keyspace.ts";
import type { IndexDefinition } from "./schema.ts";
import { SearchIndex } from "./search-index.ts";

export class SearchRegistry {
  readonly #database: (index: number) => Database | undefined;
  readonly #indexes = new Map<string, SearchIndex>();
  readonly #aliases = new Map<string, string>();
  /** `db` → keys changed since the last sync that some index of that db covers. */
  readonly #changed = new Map<number, Set<string>>();
  /** Indexes whose contents must be rebuilt from a scan (after a load, a swap, REINDEX). */
  readonly #stale = new Set<SearchIndex>();

  constructor(database: (index: number) => Database | undefined) {
    this.#database = database;
  }

  /** Whether there is anything for a snapshot to record (an index or an alias). */
  get hasState(): boolean {
    return this.#indexes.size > 0 || this.#aliases.size > 0;
  }

  // ---- following the keyspace ------------------------------------------------------------------

  keyChanged(db: number, key: string): void {
    if (this.#indexes.size === 0) {
      return;
    }
    for (const index of this.#indexes.values()) {
      if (index.definition.db === db && index.covers(key)) {
        let keys = this.#changed.get(db);
        if (keys === undefined) {
          keys = new Set();
          this.#changed.set(db, keys);
        }
        keys.add(key);
        return;
      }
    }
  }

  databaseCleared(db: number): void {
    this.#changed.delete(db);
    for (const index of this.#indexes.values()) {
      if (index.definition.db === db) {
        index.clear();
        this.#stale.delete(index);
      }
    }
  }

  /** SWAPDB, a snapshot load: the databases' contents changed wholesale. */
  databasesReplaced(dbs: readonly number[]): void {
    for (const index of this.#indexes.values()) {
      if (dbs.includes(index.definition.db)) {
        this.#stale.add(index);
      }
    }
  }

  /** Brings every index up to date with the keyspace; search commands call it first. */
  sync(): void {
    // A rebuilt index has read every key already: the queued keys are for the others.
    const rebuilt = new Set(this.#stale);
    for (const index of rebuilt) {
      this.#rebuild(index);
    }
    this.#stale.clear();
    // Reading a value may expire it, which reports the key again: loop until nothing is queued.
    while (this.#changed.size > 0) {
      const batches = [...this.#changed];
      this.#changed.clear();
      for (const [dbIndex, keys] of batches) {
        const db = this.#database(dbIndex);
        for (const key of keys) {
          const value = db?.get(key);
          for (const index of this.#indexes.values()) {
            if (index.definition.db === dbIndex && !rebuilt.has(index) && index.covers(key)) {
              index.update(key, value);
            }
          }
        }
      }
    }
  }

  #rebuild(index: SearchIndex): void {
    index.clear();
    const db = this.#database(index.definition.db);
    if (db === undefined) {
      return;
    }
    for (const key of db.keys()) {
      if (index.covers(key)) {
        index.update(key, db.get(key));
      }
    }
  }

  // ---- indexes and aliases ---------------------------------------------------------------------

  /** Creates an index; it is filled from the keyspace unless `skipInitialScan`. */
  create(definition: IndexDefinition, options: { skipInitialScan: boolean }): void {
    const index = new SearchIndex(definition);
    this.#indexes.set(definition.name, index);
    if (!options.skipInitialScan) {
      this.#stale.add(index);
    }
  }

  drop(name: string): boolean {
    const index = this.#indexes.get(name);
    if (index === undefined) {
      return false;
    }
    this.#stale.delete(index);
    return this.#indexes.delete(name);
  }

  reindex(index: SearchIndex): void {
    this.#stale.add(index);
  }

  /** The index by its own name (SEARCH.DROP, SEARCH.CREATE). */
  byName(name: string): SearchIndex | undefined {
    return this.#indexes.get(name);
  }

  /** The index an alias points to, else the index of that name (redis-search.md §1.10). */
  resolve(nameOrAlias: string): SearchIndex | undefined {
    const target = this.#aliases.get(nameOrAlias);
    return (
      (target === undefined ? undefined : this.#indexes.get(target)) ??
      this.#indexes.get(nameOrAlias)
    );
  }

  indexes(): IterableIterator<SearchIndex> {
    return this.#indexes.values();
  }

  /** 1 when the alias is new, 2 when it pointed somewhere already. */
  addAlias(alias: string, index: string): 1 | 2 {
    const existed = this.#aliases.has(alias);
    this.#aliases.set(alias, index);
    return existed ? 2 : 1;
  }

  deleteAlias(alias: string): boolean {
    return this.#aliases.delete(alias);
  }

  aliases(): IterableIterator<[string, string]> {
    return this.#aliases.entries();
  }

  // ---- persistence ------------------------------------------------------------------------------

  /** Definitions and aliases as a snapshot records them (JSON text; contents are rebuilt on load). */
  exportState(): string {
    return JSON.stringify({
      indexes: [...this.#indexes.values()].map((index) => index.definition),
      aliases: [...this.#aliases],
    });
  }

  /** Restores `exportState`'s definitions and aliases; the contents are rebuilt on first use. */
  importState(text: string): void {
    const state = JSON.parse(text) as { indexes: IndexDefinition[]; aliases: [string, string][] };
    for (const definition of state.indexes) {
      this.create(definition, { skipInitialScan: false });
    }
    for (const [alias, index] of state.aliases) {
      this.#aliases.set(alias, index);
    }
  }
}
