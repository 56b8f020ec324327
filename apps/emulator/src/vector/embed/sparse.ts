/**
 * Deterministic offline sparse embeddings (vector-rest-wire.md §4.2, §6.2).
 *
 * - **BM25**: stemmed terms without stop words, each mapped to a non-negative int32 index by a
 *   stable 32-bit hash (the service's mapping is undocumented). Documents get BM25 values
 *   (`bm25.ts`); queries get 1.0 per unique term, and the IDF is applied at query time from the
 *   namespace's `Bm25Corpus` (`weightingStrategy: "IDF"`), or here when a corpus is passed.
 * - **BGE_M3**: the real model has learned weights over a 250,002-entry vocabulary. The emulator
 *   hashes words into that space with a fixed pseudo-random weight per word in [0.05, 0.35]
 *   (stop words a fifth of that), dampened by `1 + ln(tf)`; documents and queries are embedded
 *   alike, as with the real model.
 *
 * Values are float32; entries come sorted by index, and colliding terms are summed.
 */

import { type Bm25Corpus, bm25DocumentValue, type SparseVector } from "./bm25.ts";
import { murmur3, murmur3Bytes, utf8 } from "./hash.ts";
import { findSparseModel, type SparseModel, UnknownEmbeddingModelError } from "./models.ts";
import { STOP_WORDS, terms, words } from "./tokenize.ts";

export interface SparseEmbedOptions {
  /** `document` for upsert-data and update, `query` for query-data. Default `document`. */
  readonly role?: "document" | "query";
  /** BM25 queries only: apply this namespace's IDF to the query values. */
  readonly corpus?: Bm25Corpus;
}

const BM25_SEED = 0x0b25_0001;
const BGE_M3_SEED = 0x0b63_0001;
const BGE_M3_WEIGHT_SEED = 0x0b63_0002;

/** The index a BM25 term maps to: a stable hash, kept within the non-negative int32 range. */
export function bm25TermIndex(term: string): number {
  return murmur3(term, BM25_SEED) & 0x7fff_ffff;
}

/**
 * Embed `text` with the sparse model `model` (enum or Hugging Face name, or a table entry). The
 * third argument is the role (`"document"` or `"query"`) or the full options.
 */
export function embedSparse(
  model: string | SparseModel,
  text: string,
  roleOrOptions: SparseEmbedOptions | "document" | "query" = {},
): SparseVector {
  const options = typeof roleOrOptions === "string" ? { role: roleOrOptions } : roleOrOptions;
  const entry = typeof model === "string" ? findSparseModel(model) : model;
  if (entry === undefined) {
    throw new UnknownEmbeddingModelError("sparse", String(model));
  }
  return entry.name === "BM25" ? embedBm25(text, options) : embedBgeM3(text, entry);
}

function embedBm25(text: string, options: SparseEmbedOptions): SparseVector {
  const counts = new Map<number, number>();
  const documentTerms = terms(text, { dropStopWords: true });
  for (const term of documentTerms) {
    const index = bm25TermIndex(term);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  const values = new Map<number, number>();
  for (const [index, tf] of counts) {
    if (options.role === "query") {
      values.set(index, options.corpus === undefined ? 1 : options.corpus.idf(index));
    } else {
      values.set(index, bm25DocumentValue(tf, documentTerms.length));
    }
  }
  return sortedByIndex(values);
}

function embedBgeM3(text: string, model: SparseModel): SparseVector {
  const counts = new Map<string, number>();
  for (const word of words(text)) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const values = new Map<number, number>();
  for (const [word, tf] of counts) {
    const bytes = utf8(word);
    const index = murmur3Bytes(bytes, BGE_M3_SEED) % model.vocabularySize;
    const unit = murmur3Bytes(bytes, BGE_M3_WEIGHT_SEED) / 0x1_0000_0000;
    const weight = (0.05 + 0.3 * unit) * (STOP_WORDS.has(word) ? 0.2 : 1) * (1 + Math.log(tf));
    values.set(index, Math.fround((values.get(index) ?? 0) + weight));
  }
  return sortedByIndex(values);
}

function sortedByIndex(values: ReadonlyMap<number, number>): SparseVector {
  const indices = [...values.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((index) => values.get(index) as number) };
}
