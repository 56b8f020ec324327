/**
 * BM25 as the service applies it to sparse vectors (vector-rest-wire.md §4.2, §6.2).
 *
 * - A **document** value is `tf·(k1+1) / (tf + k1·(1 − b + b·|D|/avgdl))` with `k1 = 1.2`,
 *   `b = 0.75` and a fixed `avgdl = 32` (the service does not use the corpus's real average),
 *   where `|D|` counts the document's terms after stop words are dropped.
 * - A **query** value is 1.0 per unique term; the IDF is applied at query time, by the query's
 *   `weightingStrategy: "IDF"`, from the namespace's statistics (`Bm25Corpus`).
 * - `IDF(t) = ln(((N − n(t) + 0.5) / (n(t) + 0.5)) + 1)`, N the number of sparse vectors and
 *   n(t) those with a non-zero value at t; the `+1` form is the one that reproduces the service.
 *
 * All values are float32 steps, like the service's.
 */

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const BM25_AVGDL = 32;

const f32 = Math.fround;

/** The BM25 document weight of a term seen `tf` times in a document of `length` terms. */
export function bm25DocumentValue(tf: number, length: number): number {
  return f32((tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / BM25_AVGDL)));
}

/** `f32(ln(((N − n + 0.5) / (n + 0.5)) + 1))`, the service's IDF (§4.2). */
export function inverseDocumentFrequency(documentCount: number, documentFrequency: number): number {
  return f32(Math.log((documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5) + 1));
}

/** A sparse vector's shape: parallel arrays, indices ascending. */
export interface SparseVector {
  readonly indices: readonly number[];
  readonly values: readonly number[];
}

/**
 * Document-frequency statistics of one namespace's sparse vectors, kept up to date on every
 * upsert, overwrite and delete, so IDF costs a map lookup. It counts sparse indices, not words,
 * so it serves both BM25 data queries and `weightingStrategy: "IDF"` on raw sparse vectors.
 */
export class Bm25Corpus {
  private readonly frequencies = new Map<number, number>();
  private documents = 0;

  /** Number of sparse vectors counted (N). */
  get documentCount(): number {
    return this.documents;
  }

  /** Count a stored sparse vector; indices whose value is 0 do not count (§4.2). */
  addDocument(vector: SparseVector): void {
    this.documents++;
    for (const index of nonZeroIndices(vector)) {
      this.frequencies.set(index, (this.frequencies.get(index) ?? 0) + 1);
    }
  }

  /** Uncount a sparse vector that was added before (on delete, or before an overwrite). */
  removeDocument(vector: SparseVector): void {
    this.documents = Math.max(0, this.documents - 1);
    for (const index of nonZeroIndices(vector)) {
      const count = (this.frequencies.get(index) ?? 0) - 1;
      if (count > 0) {
        this.frequencies.set(index, count);
      } else {
        this.frequencies.delete(index);
      }
    }
  }

  /** n(t): how many counted vectors have a non-zero value at `index`. */
  documentFrequency(index: number): number {
    return this.frequencies.get(index) ?? 0;
  }

  /** The float32 IDF of `index` over the counted vectors. */
  idf(index: number): number {
    return inverseDocumentFrequency(this.documents, this.documentFrequency(index));
  }

  clear(): void {
    this.frequencies.clear();
    this.documents = 0;
  }
}

function nonZeroIndices(vector: SparseVector): Set<number> {
  const indices = new Set<number>();
  vector.indices.forEach((index, i) => {
    if (vector.values[i] !== 0) {
      indices.add(index);
    }
  });
  return indices;
}
