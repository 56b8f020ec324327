/**
 * The public types of the vector service, shared with the management API (the contract in
 * `service.ts`), and the structural request/response shapes of the HTTP layer: the vector folder
 * may not import `http/` (STYLE.md §5.2), and these match `EmulatorRequest`/`EmulatorResponse`.
 */
import type { VectorSimilarity } from "./similarity.ts";

export type { VectorSimilarity } from "./similarity.ts";
export type VectorIndexType = "DENSE" | "SPARSE" | "HYBRID";

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

/** One per HTTP request, for metrics (STYLE.md §7.6). */
export interface VectorUsageSample {
  readonly index: string;
  readonly operation:
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
  /** Vectors written or read, or queries run. */
  readonly count: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

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

/** A request's head as the HTTP layer hands it over (`EmulatorRequestHead` fits). */
export interface VectorRequestHead {
  readonly method: string;
  readonly query: URLSearchParams;
  /** Header fields by lower-case name (`RequestHeaders` and fetch's `Headers` fit). */
  readonly headers: { get(name: string): string | null | undefined };
}

/** A request as the HTTP layer hands it over (`EmulatorRequest` fits). */
export interface VectorRequest extends VectorRequestHead {
  readonly body: Uint8Array;
}

/** An index's name and the rest of the path below `/vector/{name}`, still percent-encoded. */
export interface VectorRoute {
  readonly name: string;
  readonly path: string;
}

/** A request refused from its head, or admitted: `run` answers it once its body has arrived. */
export type VectorAdmission =
  | { readonly answer: VectorResponse }
  | { readonly run: (request: VectorRequest) => Promise<VectorResponse> };

/** A response for the HTTP layer (an `EmulatorResponse`). */
export interface VectorResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}
