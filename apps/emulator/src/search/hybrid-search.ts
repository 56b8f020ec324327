/**
 * One `search/{index}` query (search-wire.md §3.2, §5) over a namespace of a hybrid vector index:
 *
 * 1. **Candidates**: the best `max(topK, 50)` ready documents by dense similarity and the best as
 *    many by BM25 (IDF-weighted query terms), both through the vector service's exact rankers,
 *    the filter applied before ranking.
 * 2. **Scores**: every candidate gets both scores exactly — the dense one is the vector service's
 *    COSINE score (0..1); the sparse one is divided by the best sparse score among the
 *    candidates, so the best full-text match scores 1 and a document sharing no term 0.
 * 3. **Fusion**: `semanticWeight · dense + (1 − semanticWeight) · sparse` (the docs' "75%
 *    semantic, 25% full-text"); with `semanticWeight: 0` a document sharing no term is no result.
 * 4. **Re-ranking** (`reranking: true`): `rerank.ts` re-scores the fused best `max(topK, 50)`.
 *
 * Then best first (ties in insertion order) and cut to `topK`.
 */
import type { NamespaceStore, StoredRecord } from "../vector/namespace-store.ts";
import { rankDense, rankSparse } from "../vector/ranking.ts";
import { createDenseScorer } from "../vector/similarity.ts";
import { sparseScore, weightQuery } from "../vector/sparse.ts";
import type { VectorIndex } from "../vector/vector-index.ts";
import { documentText } from "./document.ts";
import type { DocumentPredicate } from "./filter.ts";
import { analyseQuery, relevance, rerankedScore } from "./rerank.ts";

/** How many candidates each side contributes at least, and how many the re-ranker sees. */
export const CANDIDATE_DEPTH = 50;

export interface HybridQuery {
  readonly query: string;
  readonly topK: number;
  readonly semanticWeight: number;
  readonly reranking: boolean;
  readonly filter: DocumentPredicate;
  /** Clock time: documents still pending (the indexing delay) are not results yet. */
  readonly now: number;
}

export interface Hit {
  readonly record: StoredRecord;
  readonly score: number;
}

export function hybridSearch(
  index: VectorIndex,
  store: NamespaceStore,
  request: HybridQuery,
): Hit[] {
  const { query, topK, semanticWeight: weight, filter, now } = request;
  if (query.trim() === "" || store.size === 0) {
    return [];
  }
  const depth = Math.max(topK, CANDIDATE_DEPTH);
  const accept = (record: StoredRecord): boolean =>
    record.readyAt <= now && filter(record.metadata);
  const dense = createDenseScorer(index.spec.similarity, index.embedder.embedDense(query));
  const sparseQuery = weightQuery(index.embedder.embedSparseQuery(query), store.frequencies);
  const candidates = new Set<StoredRecord>();
  if (weight > 0) {
    for (const { key } of rankDense(store, dense, { accept, limit: depth })) {
      candidates.add(key);
    }
  }
  const sparseRanked = rankSparse(store, sparseQuery, { accept, limit: depth });
  for (const { key } of sparseRanked) {
    candidates.add(key);
  }
  const bestSparse = sparseRanked[0]?.score ?? 0;
  const { vectors, dimension } = store;
  let hits: Hit[] = [];
  for (const record of candidates) {
    const denseScore =
      weight > 0 && record.slot >= 0
        ? dense.score(vectors, record.slot * dimension, record.norm)
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
  if (request.reranking) {
    const analysed = analyseQuery(query);
    hits = hits.slice(0, depth).map(({ record, score }) => ({
      record,
      score: clamp(rerankedScore(relevance(analysed, documentText(contentOf(record))), score)),
    }));
    hits.sort(compareHits);
  }
  return hits.slice(0, topK);
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
