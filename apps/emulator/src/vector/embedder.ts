/**
 * The embedding side of an index: turns `data` into the dense and sparse vectors of its models
 * (vector-rest-wire.md §2.2, §6). A thin adapter over `embed/`, so the rest of the service only
 * sees vectors.
 */
import {
  embedDense,
  embedSparse,
  findDenseModel,
  findSparseModel,
  UnknownEmbeddingModelError,
} from "./embed/index.ts";
import { VectorIndexSpecError } from "./errors.ts";
import type { SparseVector } from "./sparse.ts";

export interface Embedder {
  /** The dense model's enum name, when the index has one. */
  readonly denseModel: string | undefined;
  readonly sparseModel: string | undefined;
  /** The dense model's dimension, when there is one. */
  readonly denseDimension: number | undefined;
  embedDense(text: string): Float32Array;
  /** The document-side sparse vector (BM25 term weights). */
  embedSparseDocument(text: string): SparseVector;
  /** The query-side sparse vector (1.0 per unique term for BM25, §6.2). */
  embedSparseQuery(text: string): SparseVector;
}

/** @throws {VectorIndexSpecError} for a model outside the table. */
export function createEmbedder(models: {
  readonly dense?: string | undefined;
  readonly sparse?: string | undefined;
}): Embedder {
  const dense = models.dense === undefined ? undefined : findDenseModel(models.dense);
  const sparse = models.sparse === undefined ? undefined : findSparseModel(models.sparse);
  if (models.dense !== undefined && dense === undefined) {
    throw new VectorIndexSpecError(new UnknownEmbeddingModelError("dense", models.dense).message);
  }
  if (models.sparse !== undefined && sparse === undefined) {
    throw new VectorIndexSpecError(new UnknownEmbeddingModelError("sparse", models.sparse).message);
  }
  const toSparse = (vector: { indices: ArrayLike<number>; values: ArrayLike<number> }) => ({
    indices: Int32Array.from(vector.indices),
    values: Float32Array.from(vector.values),
  });
  return {
    denseModel: dense?.name,
    sparseModel: sparse?.name,
    denseDimension: dense?.dimension,
    embedDense: (text) => embedDense(dense?.name as string, text),
    embedSparseDocument: (text) => toSparse(embedSparse(sparse?.name as string, text, "document")),
    embedSparseQuery: (text) => toSparse(embedSparse(sparse?.name as string, text, "query")),
  };
}
