/**
 * Approximate dense top-K (issue 21): candidates from the namespace's HNSW graph plus every node
 * still queued for linking, then the service's exact scores (similarity.ts) for the candidates,
 * so a returned score is bit-identical to the exact scan's; only which records make the top-K may
 * differ. `chooseDenseRanking` decides when the exact scan runs instead.
 */
import type { HnswGraph } from "./hnsw.ts";
import type { NamespaceStore, StoredRecord } from "./namespace-store.ts";
import { type RecordFilter, rankDense, type Scored, TopK } from "./ranking.ts";
import type { DenseScorer } from "./similarity.ts";

/** When and how queries use the graph (`VectorServiceOptions.approximateSearch`). */
export interface ApproximateQueryOptions {
  /** Dense vectors a namespace needs before its queries use the graph. */
  readonly minVectors: number;
  /**
   * Candidates a graph search keeps (hnswlib's `ef`); at least `topK`. Undefined: {@link efForSize}
   * of the namespace.
   */
  readonly ef?: number | undefined;
}

/** The graph's `ef` up to {@link EF_BASE_VECTORS} vectors. */
const BASE_EF = 128;
const EF_BASE_VECTORS = 100_000;

/**
 * The default `ef` for a namespace of `vectors`: 128 up to 100,000, then 128 more per tenfold
 * (256 at 1,000,000). At a fixed `ef` a graph search covers a smaller share of a bigger graph
 * and recall falls (the bench's clustered data, BENCHMARKS.md: 1.00 at 100,000 with ef 128; at
 * 1,000,000, 0.95 with 128, 0.97 with 192 and 0.974 with 256 at a p50 of 3.8 ms, 0.988 with 384
 * at 4.5 ms).
 */
export function efForSize(vectors: number): number {
  if (vectors <= EF_BASE_VECTORS) {
    return BASE_EF;
  }
  return Math.ceil((BASE_EF * (1 + Math.log10(vectors / EF_BASE_VECTORS))) / 8) * 8;
}

/**
 * Below this estimated share of records passing the filter the exact scan runs: a graph walk
 * meets too few accepted nodes to fill its candidates, and the scan checks the filter first.
 */
export const MIN_FILTER_SELECTIVITY = 0.05;
/** Records sampled to estimate a filter's selectivity. */
const SELECTIVITY_SAMPLE = 200;
/** The most candidates a filtered graph search keeps. */
const MAX_EF = 2000;

export interface DenseRankRequest {
  readonly store: NamespaceStore;
  readonly scorer: DenseScorer;
  readonly query: Float32Array;
  readonly accept: RecordFilter;
  /** Whether `accept` checks a metadata filter (not just readiness). */
  readonly isFiltered: boolean;
  readonly limit: number;
}

/**
 * The top `limit` by the exact scan, or through the graph when the namespace has one with most
 * nodes linked, holds at least `minVectors`, `limit` is finite and the filter is estimated to
 * pass at least {@link MIN_FILTER_SELECTIVITY} of the records.
 */
export function chooseDenseRanking(
  request: DenseRankRequest,
  approximate: ApproximateQueryOptions | undefined,
): Scored[] {
  const { store, scorer, accept, limit } = request;
  const exact = { accept, limit, acceptsAll: !request.isFiltered };
  const graph = store.graph;
  if (
    approximate === undefined ||
    graph === undefined ||
    limit === Number.POSITIVE_INFINITY ||
    store.rows.length < approximate.minVectors ||
    graph.queuedCount > graph.linkedCount
  ) {
    return rankDense(store, scorer, exact);
  }
  let ef = Math.max(approximate.ef ?? efForSize(graph.linkedCount), limit);
  if (request.isFiltered) {
    const selectivity = estimateSelectivity(store, accept);
    if (selectivity < MIN_FILTER_SELECTIVITY) {
      return rankDense(store, scorer, exact);
    }
    ef = Math.min(MAX_EF, Math.max(ef, Math.ceil(limit / selectivity)));
  }
  const ranked = rankApproximate(graph, { ...request, ef });
  if (ranked.length < limit && request.isFiltered) {
    // The walk found fewer matches than asked for: only the scan knows whether more exist.
    return rankDense(store, scorer, exact);
  }
  return ranked;
}

/** The share of a random sample of records that `accept` passes. */
export function estimateSelectivity(store: NamespaceStore, accept: RecordFilter): number {
  const random = sampleRandom(store.size);
  const samples = Math.min(SELECTIVITY_SAMPLE, store.size);
  let accepted = 0;
  for (let index = 0; index < samples; index++) {
    const record = store.randomRecord(random);
    if (record !== undefined && accept(record)) {
      accepted++;
    }
  }
  return samples === 0 ? 0 : accepted / samples;
}

/** A generator seeded by the store's size: the same state decides the same way. */
function sampleRandom(seed: number): () => number {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function rankApproximate(
  graph: HnswGraph<StoredRecord>,
  request: DenseRankRequest & { readonly ef: number },
): Scored[] {
  const { store, scorer, accept, limit } = request;
  const vectors = store.vectors;
  const norms = store.rowNorms;
  const dimension = store.dimension;
  const top = new TopK(limit);
  const hits = graph.search(request.query, { ef: request.ef, accept });
  const { estimateFromDot, tolerance } = scorer;
  const arena = store.arena;
  arena?.setQuery(request.query);
  if (estimateFromDot === undefined || arena === undefined || hits.length <= limit) {
    for (const { item } of hits) {
      top.push({
        key: item,
        score: scorer.score(vectors, item.slot * dimension, norms[item.slot] as number),
      });
    }
  } else {
    // As the exact scan does: a candidate whose estimate is more than twice the tolerance below
    // the K-th best estimate has K candidates surely better, so only the others are scored with
    // the service's rule (ef of them otherwise, each a sequential float32 sum).
    const estimates = hits.map(({ item }) =>
      estimateFromDot(arena.queryDot(item.slot), norms[item.slot] as number),
    );
    const kth = [...estimates].sort((a, b) => b - a)[limit - 1] as number;
    const threshold = kth - 2 * tolerance;
    hits.forEach(({ item }, index) => {
      if ((estimates[index] as number) >= threshold) {
        top.push({
          key: item,
          score: scorer.score(vectors, item.slot * dimension, norms[item.slot] as number),
        });
      }
    });
  }
  // Queued nodes are not in the graph yet: scanned, estimates first where the scorer has them.
  for (const record of graph.queuedItems()) {
    if (!accept(record)) {
      continue;
    }
    const offset = record.slot * dimension;
    if (
      estimateFromDot !== undefined &&
      arena !== undefined &&
      estimateFromDot(arena.queryDot(record.slot), norms[record.slot] as number) + tolerance <
        top.worstScore()
    ) {
      continue;
    }
    const score = scorer.score(vectors, offset, norms[record.slot] as number);
    if (top.admits(score)) {
      top.push({ key: record, score });
    }
  }
  return top.sorted();
}
