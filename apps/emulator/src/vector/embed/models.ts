/**
 * The embedding models the service offers (vector-rest-wire.md §6.1). `info` reports the enum
 * name (`embeddingModel: "BGE_M3"`); the management API takes the same names. Lookups also
 * accept the Hugging Face name (`BAAI/bge-small-en-v1.5`), case-insensitively.
 */

export type DenseModelName =
  | "BGE_SMALL_EN_V1_5"
  | "BGE_BASE_EN_V1_5"
  | "BGE_LARGE_EN_V1_5"
  | "BGE_M3";

export type SparseModelName = "BGE_M3" | "BM25";

export interface DenseModel {
  readonly name: DenseModelName;
  /** The Hugging Face repository name, `""` when there is none. */
  readonly huggingFaceName: string;
  readonly dimension: number;
  readonly sequenceLength: number;
}

export interface SparseModel {
  readonly name: SparseModelName;
  readonly huggingFaceName: string;
  /** Size of the index space: the model's vocabulary, or 2^31 for hashed BM25 terms. */
  readonly vocabularySize: number;
}

// Service table: vector-rest-wire.md §6.1.
export const DENSE_MODELS: readonly DenseModel[] = [
  {
    name: "BGE_SMALL_EN_V1_5",
    huggingFaceName: "BAAI/bge-small-en-v1.5",
    dimension: 384,
    sequenceLength: 512,
  },
  {
    name: "BGE_BASE_EN_V1_5",
    huggingFaceName: "BAAI/bge-base-en-v1.5",
    dimension: 768,
    sequenceLength: 512,
  },
  {
    name: "BGE_LARGE_EN_V1_5",
    huggingFaceName: "BAAI/bge-large-en-v1.5",
    dimension: 1024,
    sequenceLength: 512,
  },
  { name: "BGE_M3", huggingFaceName: "BAAI/bge-m3", dimension: 1024, sequenceLength: 8192 },
];

export const SPARSE_MODELS: readonly SparseModel[] = [
  { name: "BGE_M3", huggingFaceName: "BAAI/bge-m3", vocabularySize: 250_002 },
  { name: "BM25", huggingFaceName: "", vocabularySize: 2 ** 31 },
];

const normalise = (name: string): string => name.trim().toLowerCase();

/** The dense model called `name` (enum or Hugging Face name), or `undefined`. */
export function findDenseModel(name: string): DenseModel | undefined {
  const wanted = normalise(name);
  return DENSE_MODELS.find(
    (model) => normalise(model.name) === wanted || normalise(model.huggingFaceName) === wanted,
  );
}

/** The sparse model called `name` (enum or Hugging Face name), or `undefined`. */
export function findSparseModel(name: string): SparseModel | undefined {
  const wanted = normalise(name);
  return SPARSE_MODELS.find(
    (model) =>
      normalise(model.name) === wanted ||
      (model.huggingFaceName !== "" && normalise(model.huggingFaceName) === wanted),
  );
}

/** Thrown for a model name outside the table; callers answer 422 with this message. */
export class UnknownEmbeddingModelError extends Error {
  override readonly name = "UnknownEmbeddingModelError";

  constructor(kind: "dense" | "sparse", model: string) {
    super(`Unknown ${kind} embedding model: ${model}`);
  }
}
