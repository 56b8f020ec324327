/**
 * The dense candidates of a search: exactly the records the vector index's exact scan
 * (`rankDense`) returns, with the same scores, found faster for the offline model's queries.
 *
 * The offline dense model is a signed feature hash (`vector/embed/dense.ts`): each feature of the
 * text adds to a few buckets, so a query of a few words has non-zero values in few of the 384
 * dimensions. `rankDense` first ranks every row by a float64 estimate of the cosine, then scores
 * exactly the rows whose estimate comes within the scorer's tolerance of the K-th best. A zero of
 * the query adds exactly 0 to a float64 sum, so the estimate over the query's non-zero dimensions
 * only is the same float64 dot product summed in another order: within the same (float64, far
 * smaller than float32) distance of the exact value that the tolerance already allows for. The
 * exact pass is the scorer's own, so the scores are the service's float32 ones, bit for bit.
 */
import type { NamespaceStore } from "../vector/namespace-store.ts";
import { type RankOptions, rankDense, type Scored } from "../vector/ranking.ts";
import {
  cosineScore,
  createDenseScorer,
  type DenseScorer,
  squaredNorm,
} from "../vector/similarity.ts";

/**
 * Above this share of non-zero dimensions the full-width estimate is as fast (it runs four
 * independent sums over contiguous memory; the sparse one gathers).
 */
const MAX_NONZERO_SHARE = 0.5;

/** The best `limit` accepted records by COSINE score, best first, ties in insertion order. */
export function rankDenseCandidates(
  store: NamespaceStore,
  query: Float32Array,
  options: RankOptions,
): Scored[] {
  return rankDense(store, sparseQueryScorer(query), options);
}

/** The COSINE scorer, its estimate over the query's non-zero dimensions when they are few. */
function sparseQueryScorer(query: Float32Array): DenseScorer {
  const exact = createDenseScorer("COSINE", query);
  const dimensions: number[] = [];
  for (let i = 0; i < query.length; i++) {
    if (query[i] !== 0) {
      dimensions.push(i);
    }
  }
  if (dimensions.length > query.length * MAX_NONZERO_SHARE) {
    return exact;
  }
  const indices = Int32Array.from(dimensions);
  const weights = Float64Array.from(dimensions, (i) => query[i] as number);
  const queryNorm = squaredNorm(query, 0, query.length);
  const count = indices.length;
  return {
    score: exact.score,
    tolerance: exact.tolerance,
    estimate: (values, offset, recordNorm) => {
      let a = 0;
      let b = 0;
      let k = 0;
      for (const end = count - 1; k < end; k += 2) {
        a += (weights[k] as number) * (values[offset + (indices[k] as number)] as number);
        b += (weights[k + 1] as number) * (values[offset + (indices[k + 1] as number)] as number);
      }
      if (k < count) {
        a += (weights[k] as number) * (values[offset + (indices[k] as number)] as number);
      }
      return cosineScore(a + b, queryNorm, recordNorm);
    },
  };
}
