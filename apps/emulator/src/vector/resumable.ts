/**
 * Resumable queries (vector-rest-wire.md §2.6): a query whose ranking is kept so later calls
 * return the next results. Idle queries expire after `maxIdle` seconds of the service's clock.
 */
import { randomUUID } from "node:crypto";
import { encodeRecord, type RecordJson } from "./encode.ts";
import { validationError } from "./errors.ts";
import { type FusionAlgorithm, fuse } from "./fusion.ts";
import { VectorLimits } from "./limits.ts";
import type { NamespaceStore, StoredRecord } from "./namespace-store.ts";
import { rankFused, type Scored } from "./ranking.ts";
import type { Includes, QueryOptions } from "./request.ts";
import type { VectorClock } from "./types.ts";

/** The candidates of a query per component, given a limit (a `QueryPlan`). */
export interface ResumablePlan {
  readonly store: NamespaceStore | undefined;
  readonly dense: ((limit: number) => Scored[]) | undefined;
  readonly sparse: ((limit: number) => Scored[]) | undefined;
  readonly options: QueryOptions;
}

interface ResumableState {
  readonly store: NamespaceStore | undefined;
  readonly includes: Includes;
  /** One component: its full ranking, served in order from `offset`. */
  readonly ranking: Scored[];
  offset: number;
  /** Two components: both full rankings, fused batch by batch. */
  readonly components: readonly [Scored[], Scored[]] | undefined;
  readonly fusion: FusionAlgorithm;
  readonly returned: Set<StoredRecord>;
  readonly maxIdleMs: number;
  lastUsedAt: number;
}

export class ResumableQueries {
  readonly #clock: VectorClock;
  readonly #queries = new Map<string, ResumableState>();

  constructor(clock: VectorClock) {
    this.#clock = clock;
  }

  get activeCount(): number {
    this.#expire();
    return this.#queries.size;
  }

  /** Starts a query; its filter and include flags hold for its whole life (§2.6). */
  start(plan: ResumablePlan, maxIdleSeconds: number): { uuid: string; scores: RecordJson[] } {
    this.#expire();
    if (this.#queries.size >= VectorLimits.MAX_RESUMABLE_QUERIES) {
      throw validationError(
        `Too many active resumable queries (${VectorLimits.MAX_RESUMABLE_QUERIES}): stop some with resumable-query-end.`,
      );
    }
    const all = Number.POSITIVE_INFINITY;
    const { dense, sparse, options } = plan;
    const isHybrid = dense !== undefined && sparse !== undefined;
    const state: ResumableState = {
      store: plan.store,
      includes: options,
      ranking: isHybrid ? [] : ((dense ?? sparse)?.(all) ?? []),
      offset: 0,
      components: isHybrid ? [dense(all), sparse(all)] : undefined,
      fusion: options.fusionAlgorithm,
      returned: new Set(),
      maxIdleMs: maxIdleSeconds * 1000,
      lastUsedAt: this.#clock.now(),
    };
    const uuid = randomUUID();
    this.#queries.set(uuid, state);
    return { uuid, scores: this.#take(state, options.topK) };
  }

  /** The next `additionalK` results not yet returned. */
  next(uuid: string, additionalK: number): RecordJson[] {
    const state = this.#get(uuid);
    state.lastUsedAt = this.#clock.now();
    return this.#take(state, additionalK);
  }

  end(uuid: string): void {
    this.#get(uuid);
    this.#queries.delete(uuid);
  }

  clear(): void {
    this.#queries.clear();
  }

  #get(uuid: string): ResumableState {
    this.#expire();
    const state = this.#queries.get(uuid);
    if (state === undefined) {
      // The service's text is undocumented (§2.6).
      throw validationError(
        `Resumable query ${uuid} was not found: it was stopped, expired or never started.`,
      );
    }
    return state;
  }

  #expire(): void {
    const now = this.#clock.now();
    for (const [uuid, state] of this.#queries) {
      if (now - state.lastUsedAt > state.maxIdleMs) {
        this.#queries.delete(uuid);
      }
    }
  }

  #take(state: ResumableState, count: number): RecordJson[] {
    const { store } = state;
    if (store === undefined) {
      return [];
    }
    let batch: Scored[];
    if (state.components === undefined) {
      batch = state.ranking.slice(state.offset, state.offset + count);
      state.offset += batch.length;
    } else {
      // Inferred (§4.3): each batch fuses the top `count` not-yet-returned ids of each component.
      const [dense, sparse] = state.components;
      const fused = fuse(state.fusion, [
        unreturned(dense, state.returned, count),
        unreturned(sparse, state.returned, count),
      ]);
      batch = rankFused(fused, count);
      for (const item of batch) {
        state.returned.add(item.key);
      }
    }
    return batch.map((item) => encodeRecord(store, item, state.includes));
  }
}

function unreturned(
  ranking: readonly Scored[],
  returned: Set<StoredRecord>,
  count: number,
): Scored[] {
  const out: Scored[] = [];
  for (const item of ranking) {
    if (out.length >= count) {
      break;
    }
    if (!returned.has(item.key)) {
      out.push(item);
    }
  }
  return out;
}
