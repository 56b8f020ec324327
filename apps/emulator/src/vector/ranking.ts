/**
 * Exact top-K over one namespace (vector-rest-wire.md §2.4, §4): a dense scan of the contiguous
 * vectors, a sparse walk of the postings of the query's indices, and ordering by score with ties in insertion
 * order (§7).
 */
import type { ScoredKey } from "./fusion.ts";
import type { NamespaceStore, StoredRecord } from "./namespace-store.ts";
import type { DenseScorer } from "./similarity.ts";
import type { SparseVector } from "./sparse.ts";

export type Scored = ScoredKey<StoredRecord>;

/** Whether a record may be a result: ready and matching the filter. */
export type RecordFilter = (record: StoredRecord) => boolean;

/** Which records may be results, and how many of the best to keep (`Infinity`: all). */
export interface RankOptions {
  readonly accept: RecordFilter;
  readonly limit: number;
  /** Whether `accept` passes every record (no filter, nothing pending): the scan skips it. */
  readonly acceptsAll?: boolean;
}

/** Better first: higher score, then earlier insertion. */
export function compareScored(left: Scored, right: Scored): number {
  return right.score - left.score || left.key.order - right.key.order;
}

/**
 * Keeps the best `limit` items seen: a min-heap whose root is the worst kept item, so each new
 * item costs one comparison unless it makes the cut.
 */
export class TopK {
  readonly #limit: number;
  readonly #heap: Scored[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Whether `score` could enter: lets the caller skip building an item. */
  admits(score: number): boolean {
    const root = this.#heap[0];
    return this.#heap.length < this.#limit || root === undefined || score >= root.score;
  }

  push(item: Scored): void {
    const heap = this.#heap;
    if (heap.length < this.#limit) {
      heap.push(item);
      this.#siftUp(heap.length - 1);
    } else if (compareScored(item, heap[0] as Scored) < 0) {
      heap[0] = item;
      this.#siftDown(0);
    }
  }

  /** The lowest score kept, or −∞ while fewer than `limit` are kept. */
  worstScore(): number {
    const root = this.#heap[0];
    return this.#heap.length < this.#limit || root === undefined
      ? Number.NEGATIVE_INFINITY
      : root.score;
  }

  sorted(): Scored[] {
    return this.#heap.sort(compareScored);
  }

  /** True when `a` is worse than `b`: it belongs nearer the root. */
  #worse(a: number, b: number): boolean {
    return compareScored(this.#heap[a] as Scored, this.#heap[b] as Scored) > 0;
  }

  #swap(a: number, b: number): void {
    const heap = this.#heap;
    const item = heap[a] as Scored;
    heap[a] = heap[b] as Scored;
    heap[b] = item;
  }

  #siftUp(index: number): void {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.#worse(child, parent)) {
        return;
      }
      this.#swap(child, parent);
      child = parent;
    }
  }

  #siftDown(index: number): void {
    const length = this.#heap.length;
    let parent = index;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let worst = parent;
      if (left < length && this.#worse(left, worst)) {
        worst = left;
      }
      if (right < length && this.#worse(right, worst)) {
        worst = right;
      }
      if (worst === parent) {
        return;
      }
      this.#swap(parent, worst);
      parent = worst;
    }
  }
}

/** The best `limit` records by dense score (`Infinity` for every candidate), best first. */
export function rankDense(
  store: NamespaceStore,
  scorer: DenseScorer,
  { accept, limit, acceptsAll = false }: RankOptions,
): Scored[] {
  const rows = store.rows;
  const vectors = store.vectors;
  const dimension = store.dimension;
  const { estimateFromDot } = scorer;
  const arena = store.arena;
  if (
    estimateFromDot === undefined ||
    arena === undefined ||
    limit === Number.POSITIVE_INFINITY ||
    limit >= rows.length
  ) {
    const top = new TopK(limit);
    for (let row = 0; row < rows.length; row++) {
      const record = rows[row] as StoredRecord;
      if (accept(record)) {
        const score = scorer.score(vectors, row * dimension, store.rowNorms[row] as number);
        if (top.admits(score)) {
          top.push({ key: record, score });
        }
      }
    }
    return top.sorted();
  }
  // Two passes: the arena's estimates (the SIMD kernel's for large namespaces) find the K-th best; every row whose estimate comes
  // within twice the tolerance of it may still be in the exact top-K, so those, and only those,
  // are scored with the service's rule (the bit-identical score of every returned record).
  // The loop reads typed arrays only; a record is read when its row is filtered or enters the top.
  const estimates = new Float64Array(rows.length);
  const norms = store.rowNorms;
  const estimatedTop = new TopK(limit);
  arena.setQuery(scorer.query);
  const chunkRows = arena.chunkRows;
  for (let first = 0; first < rows.length; first += chunkRows) {
    const count = Math.min(chunkRows, rows.length - first);
    const dots = arena.scanQuery(first, count);
    for (let index = 0; index < count; index++) {
      const row = first + index;
      if (!acceptsAll && !accept(rows[row] as StoredRecord)) {
        // NaN passes no threshold: with fewer matches than the limit the threshold is -Infinity,
        // which -Infinity would pass, and a filtered-out record would be a result.
        estimates[row] = Number.NaN;
        continue;
      }
      const score = estimateFromDot(dots[index] as number, norms[row] as number);
      estimates[row] = score;
      if (estimatedTop.admits(score)) {
        estimatedTop.push({ key: rows[row] as StoredRecord, score });
      }
    }
  }
  const threshold = estimatedTop.worstScore() - 2 * scorer.tolerance;
  const top = new TopK(limit);
  for (let row = 0; row < rows.length; row++) {
    if ((estimates[row] as number) >= threshold) {
      const record = rows[row] as StoredRecord;
      top.push({
        key: record,
        score: scorer.score(vectors, row * dimension, norms[row] as number),
      });
    }
  }
  return top.sorted();
}

/**
 * The best `limit` records by sparse score; records sharing no index are not candidates. Walks
 * the namespace's inverted index (`sparse-postings.ts`), scoring exactly as `sparseScore` would.
 */
export function rankSparse(
  store: NamespaceStore,
  query: SparseVector,
  options: RankOptions,
): Scored[] {
  return store.postings.rank(query, options);
}

/** Fused scores as a ranking: best first, cut to `limit`. */
export function rankFused(fused: Map<StoredRecord, number>, limit: number): Scored[] {
  const ranked: Scored[] = [];
  for (const [key, score] of fused) {
    ranked.push({ key, score });
  }
  return ranked.sort(compareScored).slice(0, limit);
}
