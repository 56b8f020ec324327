/**
 * The public types of the vector service, shared with the management API (the contract in
 * `service.ts`). The HTTP side (requests, the envelope, usage samples) is `http/routes/vector.ts`.
 */
import type { IndexType } from "@stratus/core/schemas";
import type { VectorSimilarity } from "./similarity.ts";

export type { VectorSimilarity } from "./similarity.ts";
/** Which vectors an index's records carry (core's `IndexTypeSchema`). */
export type VectorIndexType = IndexType;

/** What an index is created with. */
export interface VectorIndexSpec {
  /** URL slug: served at `/vector/{name}`; immutable. */
  readonly name: string;
  readonly type: VectorIndexType;
  /** Required for DENSE and HYBRID indexes without a dense model; taken from the model otherwise. */
  readonly dimension?: number;
  readonly similarity: VectorSimilarity;
  /** A dense model of the table (`BGE_SMALL_EN_V1_5` or `BAAI/bge-small-en-v1.5`). */
  readonly denseEmbeddingModel?: string;
  /** A sparse model of the table (`BM25`, `BGE_M3`). */
  readonly sparseEmbeddingModel?: string;
  /** The Standard token. @default generated */
  readonly token?: string;
  /** The Read Only token. @default generated */
  readonly readOnlyToken?: string;
}

/** A spec with the dimension filled in (0 for SPARSE) and model names in their enum spelling. */
export interface ResolvedVectorIndexSpec extends VectorIndexSpec {
  readonly dimension: number;
}

/** What a command counts as in usage metrics (STYLE.md §7.6). */
export type VectorOperation =
  | "query"
  | "upsert"
  | "update"
  | "fetch"
  | "delete"
  | "range"
  | "reset"
  | "info"
  | "namespace"
  | "other";

export interface NamespaceStats {
  readonly vectorCount: number;
  readonly pendingVectorCount: number;
}

export interface VectorIndexStats extends NamespaceStats {
  /** Approximate bytes of vectors, metadata and data. */
  readonly indexSize: number;
  readonly dimension: number;
  readonly similarityFunction: VectorSimilarity;
  readonly namespaces: Record<string, NamespaceStats>;
}

/** An index as the management API sees it. */
export interface VectorIndexHandle {
  readonly name: string;
  readonly spec: ResolvedVectorIndexSpec;
  readonly token: string;
  readonly readOnlyToken: string;
  /** New tokens; the old ones are refused at once. */
  resetTokens(): { token: string; readOnlyToken: string };
  stats(): VectorIndexStats;
}

/** Only the time a vector service needs; `engine/clock.ts`'s `Clock` fits. */
export interface VectorClock {
  now(): number;
}
