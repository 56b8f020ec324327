/**
 * Sparse vectors and their scores (vector-rest-wire.md §4.2): the inner product over overlapping
 * indices only, with optional IDF weighting of the query.
 */
import { f32 } from "./float32.ts";

/** A sparse vector with indices sorted ascending and no duplicates. */
export interface SparseVector {
  readonly indices: Int32Array;
  readonly values: Float32Array;
}

/** `weightingStrategy: "IDF"`: `ln(((N − n + 0.5) / (n + 0.5)) + 1)` rounded to float32 (§4.2). */
export function inverseDocumentFrequency(documentCount: number, containing: number): number {
  return f32(Math.log((documentCount - containing + 0.5) / (containing + 0.5) + 1));
}

/** Counts, per namespace, how many sparse vectors have a non-zero value at each index (for IDF). */
export class DocumentFrequencies {
  #counts = new Map<number, number>();
  #documents = 0;

  get documentCount(): number {
    return this.#documents;
  }

  add(vector: SparseVector): void {
    this.#documents++;
    for (const index of vector.indices) {
      this.#counts.set(index, (this.#counts.get(index) ?? 0) + 1);
    }
  }

  remove(vector: SparseVector): void {
    this.#documents--;
    for (const index of vector.indices) {
      const count = (this.#counts.get(index) ?? 1) - 1;
      if (count === 0) {
        this.#counts.delete(index);
      } else {
        this.#counts.set(index, count);
      }
    }
  }

  containing(index: number): number {
    return this.#counts.get(index) ?? 0;
  }

  clear(): void {
    this.#counts.clear();
    this.#documents = 0;
  }
}

/** The query's values, multiplied by IDF when asked: `w = f32(f32(q) · idf)` (§4.2). */
export function weightQuery(
  query: SparseVector,
  frequencies: DocumentFrequencies | undefined,
): SparseVector {
  if (frequencies === undefined) {
    return query;
  }
  const weights = new Float32Array(query.values.length);
  for (let i = 0; i < weights.length; i++) {
    const idf = inverseDocumentFrequency(
      frequencies.documentCount,
      frequencies.containing(query.indices[i] as number),
    );
    weights[i] = f32((query.values[i] as number) * idf);
  }
  return { indices: query.indices, values: weights };
}

/**
 * `Σ f32(w · d)` over the indices both vectors share, accumulated in float32, or undefined when
 * they share none: such a record is not a candidate at all (§4.2).
 */
export function sparseScore(query: SparseVector, record: SparseVector): number | undefined {
  const qi = query.indices;
  const ri = record.indices;
  let a = 0;
  let b = 0;
  let sum = 0;
  let overlaps = false;
  while (a < qi.length && b < ri.length) {
    const left = qi[a] as number;
    const right = ri[b] as number;
    if (left === right) {
      sum = f32(sum + f32((query.values[a] as number) * (record.values[b] as number)));
      overlaps = true;
      a++;
      b++;
    } else if (left < right) {
      a++;
    } else {
      b++;
    }
  }
  return overlaps ? sum : undefined;
}
