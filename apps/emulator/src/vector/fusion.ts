/**
 * Hybrid fusion of a dense and a sparse ranking (vector-rest-wire.md §4.3): RRF by rank, DBSF by
 * 3-sigma normalised score. The float steps are the ones that reproduce the service's values.
 */
import type { FusionAlgorithm } from "@stratus/core/schemas";
import { f32 } from "./float32.ts";

export type { FusionAlgorithm } from "@stratus/core/schemas";

/** One component's candidates, best first. */
export interface ScoredKey<TKey> {
  readonly key: TKey;
  readonly score: number;
}

/** RRF constant k: rank r (from 0) is worth `1 / (60 + r)`. */
const RRF_K = 60;

/** Sums each key's contributions over the components, in float32; keys in first-seen order. */
function sumContributions<TKey>(
  components: readonly (readonly ScoredKey<TKey>[])[],
  contribution: (component: readonly ScoredKey<TKey>[], rank: number) => number,
): Map<TKey, number> {
  const fused = new Map<TKey, number>();
  for (const component of components) {
    for (let rank = 0; rank < component.length; rank++) {
      const { key } = component[rank] as ScoredKey<TKey>;
      fused.set(key, f32((fused.get(key) ?? 0) + contribution(component, rank)));
    }
  }
  return fused;
}

/** Reciprocal rank fusion: `Σ f32(1 / (60 + r))` with r counted from 0. */
export function fuseRrf<TKey>(
  components: readonly (readonly ScoredKey<TKey>[])[],
): Map<TKey, number> {
  return sumContributions(components, (_, rank) => f32(1 / (RRF_K + rank)));
}

/**
 * Distribution-based score fusion: each score becomes `(s − (μ − 3σ)) / (6σ)` with σ the sample
 * standard deviation; a component with one score or σ = 0 maps every score to 0.5. No clipping
 * (emulator choice, §7).
 */
export function fuseDbsf<TKey>(
  components: readonly (readonly ScoredKey<TKey>[])[],
): Map<TKey, number> {
  const normalisers = new Map<readonly ScoredKey<TKey>[], (score: number) => number>();
  for (const component of components) {
    normalisers.set(component, dbsfNormaliser(component.map((item) => item.score)));
  }
  return sumContributions(components, (component, rank) => {
    const normalise = normalisers.get(component) as (score: number) => number;
    return normalise((component[rank] as ScoredKey<TKey>).score);
  });
}

/** The float32 steps of §4.3 DBSF, in order. */
function dbsfNormaliser(scores: readonly number[]): (score: number) => number {
  const n = scores.length;
  if (n < 2) {
    return () => 0.5;
  }
  let sum = 0;
  for (const s of scores) {
    sum = f32(sum + s);
  }
  const mean = f32(sum / n);
  let squares = 0;
  for (const s of scores) {
    const deviation = f32(s - mean);
    squares = f32(squares + f32(deviation * deviation));
  }
  const deviation = f32(Math.sqrt(f32(squares / (n - 1))));
  if (deviation === 0) {
    return () => 0.5;
  }
  const spread = f32(3 * deviation);
  const low = f32(mean - spread);
  const high = f32(mean + spread);
  const width = f32(high - low);
  return (score) => f32(f32(score - low) / width);
}

/** Runs the named fusion. */
export function fuse<TKey>(
  algorithm: FusionAlgorithm,
  components: readonly (readonly ScoredKey<TKey>[])[],
): Map<TKey, number> {
  return algorithm === "DBSF" ? fuseDbsf(components) : fuseRrf(components);
}
