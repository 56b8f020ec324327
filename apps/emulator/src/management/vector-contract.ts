/**
 * The part of the vector service (`vector/service.ts`, built by its own owner) that the management
 * API drives: create, look up, delete and re-key indexes. Typed structurally so this folder does
 * not depend on the service's internals (the contract agreed between both sides).
 */
import type { IndexType, SimilarityFunction } from "@stratus/core/schemas";

/** The enums are core's, as the management API's own schemas spell them. */
export type VectorIndexType = IndexType;
export type VectorSimilarity = SimilarityFunction;

/** What an index is created with; `name` is its URL slug, `/vector/{name}`, and never changes. */
export interface VectorIndexSpec {
  readonly name: string;
  readonly type: VectorIndexType;
  readonly dimension?: number;
  readonly similarity: VectorSimilarity;
  readonly denseEmbeddingModel?: string;
  readonly sparseEmbeddingModel?: string;
  readonly token?: string;
  readonly readOnlyToken?: string;
}

/** The numbers the stats need. */
export interface VectorIndexStats {
  readonly vectorCount: number;
  readonly pendingVectorCount: number;
  readonly indexSize: number;
  readonly dimension: number;
  readonly similarityFunction: VectorSimilarity;
}

export interface VectorIndexHandle {
  readonly name: string;
  readonly spec: VectorIndexSpec;
  readonly token: string;
  readonly readOnlyToken: string;
  resetTokens(): { token: string; readOnlyToken: string };
  stats(): VectorIndexStats;
}

export interface VectorIndexes {
  createIndex(spec: VectorIndexSpec): Promise<VectorIndexHandle>;
  getIndex(name: string): VectorIndexHandle | undefined;
  deleteIndex(name: string): Promise<boolean>;
  /** Every index, so the management API also lists those made without it (the default one). */
  listIndexes?(): VectorIndexHandle[];
}
