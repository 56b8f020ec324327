/**
 * Dense similarity scores (vector-rest-wire.md §4.1). The float steps are the ones that reproduce
 * the service's values: products and sums accumulated in float32, then `f32` after each step, with
 * the square root and the norm product in float64, so identical vectors score exactly 1.
 */
import type { SimilarityFunction } from "@stratus/core/schemas";
import { f32 } from "./float32.ts";

/** A dense index's similarity function (core's `SimilarityFunctionSchema`). */
export type VectorSimilarity = SimilarityFunction;

/** The squared L2 norm accumulated in float32; stored per record so a cosine query skips it. */
export function squaredNorm(values: Float32Array, offset: number, dimension: number): number {
  let sum = 0;
  for (let i = offset, end = offset + dimension; i < end; i++) {
    const v = values[i] as number;
    sum = f32(sum + f32(v * v));
  }
  return sum;
}

/**
 * The dot product of `query` and the row at `offset`, accumulated in float32 (both sides are
 * float32 already, so a·b is exact in float64 before its rounding).
 */
export function dotProduct(query: Float32Array, values: Float32Array, offset: number): number {
  const dimension = query.length;
  let sum = 0;
  for (let i = 0; i < dimension; i++) {
    sum = f32(sum + f32((query[i] as number) * (values[offset + i] as number)));
  }
  return sum;
}

/** The squared euclidean distance accumulated in float32. */
export function squaredDistance(query: Float32Array, values: Float32Array, offset: number): number {
  const dimension = query.length;
  let sum = 0;
  for (let i = 0; i < dimension; i++) {
    const difference = f32((query[i] as number) - (values[offset + i] as number));
    sum = f32(sum + f32(difference * difference));
  }
  return sum;
}

/** COSINE: `(1 + cos) / 2`, clamped to [0, 1]. A zero vector has no direction: cos 0. */
export function cosineScore(dot: number, queryNorm: number, recordNorm: number): number {
  const product = queryNorm * recordNorm;
  const cos = product === 0 ? 0 : f32(dot / Math.sqrt(product));
  const score = f32(f32(1 + cos) / 2);
  return Math.min(1, Math.max(0, score));
}

/** EUCLIDEAN: `1 / (1 + d²)`, always in (0, 1]. */
export function euclideanScore(squared: number): number {
  return f32(1 / f32(1 + squared));
}

/**
 * DOT_PRODUCT: `(1 + dot) / 2`. Emulator choice (§7): not clamped, which keeps the ordering of
 * vectors that are not unit length.
 */
export function dotProductScore(dot: number): number {
  return f32(f32(1 + dot) / 2);
}

/** Scores rows of a vector array against one query vector. */
export interface DenseScorer {
  /** The query vector. */
  readonly query: Float32Array;
  /** The service's score (§4.1): `score(values, offset, recordNorm)`. */
  readonly score: (values: Float32Array, offset: number, recordNorm: number) => number;
  /**
   * The score from a faster dot product (the SIMD kernel's, `simd-kernel.ts`), within
   * `tolerance` of `score`, to find the top-K candidates before scoring them exactly; undefined
   * when no such bound is known.
   */
  readonly estimateFromDot?: (dot: number, recordNorm: number) => number;
  readonly tolerance: number;
}

/** Unit roundoff of float32. */
const FLOAT32_UNIT_ROUNDOFF = 2 ** -24;

export function createDenseScorer(similarity: VectorSimilarity, query: Float32Array): DenseScorer {
  const dimension = query.length;
  switch (similarity) {
    case "COSINE": {
      const queryNorm = squaredNorm(query, 0, dimension);
      return {
        query,
        score: (values, offset, recordNorm) =>
          cosineScore(dotProduct(query, values, offset), queryNorm, recordNorm),
        estimateFromDot: (dot, recordNorm) => cosineScore(dot, queryNorm, recordNorm),
        // The service's float32 sum of qᵢvᵢ is within γ(d)·Σ|qᵢvᵢ| of the exact one (γ(n) =
        // nu/(1 − nu), u the unit roundoff, for any order of n − 1 float32 additions of rounded
        // products), and so is the kernel's (its lanes add the same products in another order),
        // so they differ by at most 2γ(d)·Σ|qᵢvᵢ| ≈ 2d·u·‖q‖‖v‖ (Cauchy–Schwarz). cos differs by
        // ~2d·u and the score, half of it, by ~d·u; doubled, plus the final roundings, for margin.
        tolerance: 2 * (dimension + 2) * FLOAT32_UNIT_ROUNDOFF + 1e-6,
      };
    }
    case "EUCLIDEAN":
      return {
        query,
        score: (values, offset) => euclideanScore(squaredDistance(query, values, offset)),
        tolerance: 0,
      };
    case "DOT_PRODUCT":
      return {
        query,
        score: (values, offset) => dotProductScore(dotProduct(query, values, offset)),
        tolerance: 0,
      };
  }
}
