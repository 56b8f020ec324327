export { embedDense } from "./dense.ts";
export { findDenseModel, findSparseModel, UnknownEmbeddingModelError } from "./models.ts";
export { embedSparse } from "./sparse.ts";
export { STOP_WORDS, stem, words } from "./tokenize.ts";
