export {
  BM25_AVGDL,
  BM25_B,
  BM25_K1,
  Bm25Corpus,
  bm25DocumentValue,
  inverseDocumentFrequency,
  type SparseVector,
} from "./bm25.ts";
export { embedDense } from "./dense.ts";
export {
  DENSE_MODELS,
  type DenseModel,
  type DenseModelName,
  findDenseModel,
  findSparseModel,
  SPARSE_MODELS,
  type SparseModel,
  type SparseModelName,
  UnknownEmbeddingModelError,
} from "./models.ts";
export { bm25TermIndex, embedSparse, type SparseEmbedOptions } from "./sparse.ts";
export { STOP_WORDS, stem, terms, words } from "./tokenize.ts";
