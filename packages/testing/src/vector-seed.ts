/**
 * Vector datasets for each index type, and seeding them through the vector REST interface
 * (vector-rest-wire.md §2.1), so the same call fills the emulator or a real index.
 */
import type { FetchFunction } from "./rest.ts";

export type VectorIndexKind = "DENSE" | "SPARSE" | "HYBRID";

/** Where a vector index answers. */
export interface VectorTarget {
  /** The index's name (the last URL segment on the emulator). */
  readonly name: string;
  readonly url: string;
  /** The Standard (read-write) token. */
  readonly token: string;
  readonly readOnlyToken: string;
  /** Used instead of the global `fetch`, e.g. the emulator's in-process one. */
  readonly fetch?: FetchFunction;
}

export interface SparseVector {
  readonly indices: readonly number[];
  readonly values: readonly number[];
}

/** One record as `upsert` takes it. */
export interface VectorRecord {
  readonly id: string;
  readonly vector?: readonly number[];
  readonly sparseVector?: SparseVector;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly data?: string;
}

export interface VectorDatasetOptions {
  /** @default 10 */
  readonly count?: number;
  /** Dense dimension (DENSE and HYBRID). @default 8 */
  readonly dimension?: number;
  /** @default "vec" */
  readonly idPrefix?: string;
  /** Same seed, same dataset. @default 1 */
  readonly seed?: number;
}

/** Sparse vectors use indices below this, so records share indices and sparse queries match. */
const SPARSE_VOCABULARY = 32;
const SPARSE_ENTRIES = 4;

/** mulberry32: a small deterministic generator, so datasets are the same on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Three decimals: exact enough to compare after the service's float32 rounding. */
const round = (value: number): number => Math.round(value * 1000) / 1000;

function sparseVector(random: () => number): SparseVector {
  const indices = new Set<number>();
  while (indices.size < SPARSE_ENTRIES) {
    indices.add(Math.floor(random() * SPARSE_VOCABULARY));
  }
  const sorted = [...indices].sort((a, b) => a - b);
  return { indices: sorted, values: sorted.map(() => round(0.1 + random())) };
}

/**
 * A deterministic dataset that fits an index of `type`: dense vectors for DENSE, sparse ones for
 * SPARSE, both for HYBRID (which requires both, vector-rest-wire.md §2.1). Every record has
 * metadata `{ n, parity }` and data `record <n>`.
 *
 * @example
 * await seedVectors(emu.vector, vectorDataset("DENSE", { dimension: 384 }));
 */
export function vectorDataset(
  type: VectorIndexKind,
  options: VectorDatasetOptions = {},
): VectorRecord[] {
  const { count = 10, dimension = 8, idPrefix = "vec", seed = 1 } = options;
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, n) => ({
    id: `${idPrefix}-${n}`,
    ...(type === "SPARSE"
      ? {}
      : { vector: Array.from({ length: dimension }, () => round(random() * 2 - 1)) }),
    ...(type === "DENSE" ? {} : { sparseVector: sparseVector(random) }),
    metadata: { n, parity: n % 2 === 0 ? "even" : "odd" },
    data: `record ${n}`,
  }));
}

/** A vector REST call answered with a non-2xx status or an `error` field. */
export class VectorCallError extends Error {
  override readonly name = "VectorCallError";
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Upserts `records` in one request, into `namespace` (default: the default namespace). */
export async function seedVectors(
  target: VectorTarget,
  records: readonly VectorRecord[],
  options: { readonly namespace?: string } = {},
): Promise<void> {
  if (records.length === 0) {
    return;
  }
  const namespace = options.namespace ?? "";
  const path = namespace === "" ? "upsert" : `upsert/${encodeURIComponent(namespace)}`;
  const response = await (target.fetch ?? fetch)(`${target.url.replace(/\/$/, "")}/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
    body: JSON.stringify(records),
  });
  const body = (await response.json()) as { result?: unknown; error?: string };
  if (!response.ok || body.error !== undefined) {
    throw new VectorCallError(
      `upsert failed: ${body.error ?? `HTTP ${response.status}`}`,
      response.status,
    );
  }
}
