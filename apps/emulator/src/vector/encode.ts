/**
 * Records as the service writes them (vector-rest-wire.md §1.4): string ids, float32 numbers in
 * their shortest form, and optional fields absent unless requested and set, never `null`.
 */
import { float32ArrayToJson, toFloat32Json } from "./float32.ts";
import type { NamespaceStore, StoredRecord } from "./namespace-store.ts";
import type { Includes } from "./request.ts";
import type { SparseVector } from "./sparse.ts";

export interface RecordJson {
  id: string;
  score?: number;
  vector?: number[];
  sparseVector?: { indices: number[]; values: number[] };
  metadata?: Record<string, unknown>;
  data?: string;
}

export function sparseToJson(sparse: SparseVector): { indices: number[]; values: number[] } {
  return { indices: Array.from(sparse.indices), values: float32ArrayToJson(sparse.values) };
}

/**
 * One record; `score` first when given, as the service orders its keys. A dense index returns only
 * `vector`, a sparse one only `sparseVector`, a hybrid one both (§1.4) — which follows from what
 * the record holds.
 */
export function encodeRecord(
  store: NamespaceStore,
  item: { readonly key: StoredRecord; readonly score?: number },
  includes: Includes,
): RecordJson {
  const { key: record, score } = item;
  const out: RecordJson = { id: record.id };
  if (score !== undefined) {
    out.score = toFloat32Json(score);
  }
  if (includes.includeVectors) {
    const vector = store.vectorOf(record);
    if (vector !== undefined) {
      out.vector = float32ArrayToJson(vector);
    }
    if (record.sparseVector !== undefined) {
      out.sparseVector = sparseToJson(record.sparseVector);
    }
  }
  if (includes.includeMetadata && record.metadata !== undefined) {
    out.metadata = record.metadata;
  }
  if (includes.includeData && record.data !== undefined) {
    out.data = record.data;
  }
  return out;
}
