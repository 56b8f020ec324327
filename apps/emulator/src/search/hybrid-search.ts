/**
 * One `search/{index}` query (search-wire.md §3.2, §5) over a namespace of a hybrid vector index:
 *
 * 1. **Candidates**: the best `max(topK, 50)` ready documents by dense similarity and the best as
 *    many by BM25 (IDF-weighted query terms), both exact and both with the vector index's query
 *    plan's filter (`VectorIndex.plan`: its filter evaluation, its indexing delay and clock): the
 *    BM25 side is the plan's sparse ranker (the namespace's inverted index), the dense side its
 *    dense ranker (the exact scan, its first pass on the SIMD kernel).
 * 2. **Scores**: every candidate gets both scores exactly — the dense one is the index's COSINE
 *    score (0..1); the sparse one is divided by the best sparse score among the candidates, so the
 *    best full-text match scores 1 and a document sharing no term 0.
 * 3. **Fusion**: `semanticWeight · dense + (1 − semanticWeight) · sparse` (the docs' "75%
 *    semantic, 25% full-text"); with `semanticWeight: 0` a document sharing no term is no result.
 * 4. **Re-ranking** (`reranking: true`): `rerank.ts` re-scores the fused best `max(topK, 50)`.
 *
 * Then best first (ties in insertion order) and cut to `topK`.
 */
import type { StoredRecord } from "../vector/namespace-store.ts";
import { createDenseScorer } from "../vector/similarity.ts";
import { sparseScore, weightQuery } from "../vector/sparse.ts";
import type { VectorIndex } from "../vector/vector-index.ts";
import { documentText } from "./document.ts";
import { analyseQuery, relevance, rerankedScore } from "./rerank.ts";

/** How many candidates each side contributes at least, and how many the re-ranker sees. */
export const CANDIDATE_DEPTH = 50;

export interface HybridQuery {
  readonly query: string;
  readonly topK: number;
  readonly semanticWeight: number;
  readonly reranking: boolean;
  /** A vector filter over the stored layout (`filter.ts`); `""` for none. */
  readonly filter: string;
}

export interface Hit {
  readonly record: StoredRecord;
  readonly score: number;
}

/** The hits, and what the re-ranker did (for the usage statistics' rerank counts). */
export interface HybridResult {
  readonly hits: Hit[];
  readonly reranked: { readonly count: number; readonly latencyMs: number } | undefined;
}

export function hybridSearch(
  index: VectorIndex,
  namespace: string,
  request: HybridQuery,
): HybridResult {
  const { query, topK, semanticWeight: weight } = request;
  const none: HybridResult = { hits: [], reranked: undefined };
  if (query.trim() === "") {
    return none;
  }
  const depth = Math.max(topK, CANDIDATE_DEPTH);
  const denseQuery = index.embedder.embedDense(query);
  const plan = index.plan(
    namespace,
    { vector: denseQuery, sparseVector: index.embedder.embedSparseQuery(query) },
    {
      topK: depth,
      filter: request.filter,
      weightingStrategy: "IDF",
      fusionAlgorithm: "RRF",
      queryMode: "HYBRID",
      includeData: false,
      includeMetadata: false,
      includeVectors: false,
    },
  );
  const { store } = plan;
  if (store === undefined || store.size === 0) {
    return none;
  }
  const candidates = new Set<StoredRecord>();
  if (weight > 0) {
    for (const { key } of plan.dense?.(depth) ?? []) {
      candidates.add(key);
    }
  }
  const sparseRanked = plan.sparse?.(depth) ?? [];
  for (const { key } of sparseRanked) {
    candidates.add(key);
  }
  const bestSparse = sparseRanked[0]?.score ?? 0;
  // The same weighting the plan's sparse ranker used, to score the dense side's candidates too.
  const sparseQuery = weightQuery(index.embedder.embedSparseQuery(query), store.frequencies);
  const dense = createDenseScorer(index.spec.similarity, denseQuery);
  const { vectors, dimension } = store;
  let hits: Hit[] = [];
  for (const record of candidates) {
    const denseScore =
      weight > 0 && record.slot >= 0
        ? dense.score(vectors, record.slot * dimension, store.rowNorms[record.slot] as number)
        : 0;
    const rawSparse =
      record.sparseVector === undefined ? undefined : sparseScore(sparseQuery, record.sparseVector);
    const sparse = rawSparse === undefined || bestSparse <= 0 ? 0 : rawSparse / bestSparse;
    if (weight === 0 && sparse <= 0) {
      continue;
    }
    hits.push({ record, score: clamp(weight * denseScore + (1 - weight) * sparse) });
  }
  hits.sort(compareHits);
  let reranked: HybridResult["reranked"];
  if (request.reranking) {
    const startedAt = performance.now();
    const analysed = analyseQuery(query);
    hits = hits.slice(0, depth).map(({ record, score }) => ({
      record,
      score: clamp(rerankedScore(relevance(analysed, documentText(contentOf(record))), score)),
    }));
    hits.sort(compareHits);
    reranked = { count: hits.length, latencyMs: performance.now() - startedAt };
  }
  return { hits: hits.slice(0, topK), reranked };
}

function contentOf(record: StoredRecord): unknown {
  return (record.metadata as { content?: unknown } | undefined)?.content;
}

function compareHits(left: Hit, right: Hit): number {
  return right.score - left.score || left.record.order - right.record.order;
}

function clamp(score: number): number {
  return Math.min(1, Math.max(0, score));
}
