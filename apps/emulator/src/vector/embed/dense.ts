/**
 * Deterministic offline dense embeddings (vector-rest-wire.md §6.2). No real model runs offline
 * (their weights are downloads), so the emulator hashes features of the text into the model's
 * dimension and L2-normalises:
 *
 * - stemmed word unigrams (weight 1; stop words 0.3), word bigrams (0.5), and character
 *   trigrams of each word with boundary marks (0.35), so near-duplicates such as
 *   `testing-plain-text` and `testing-plan-text` stay close;
 * - term frequency is dampened as `1 + ln(tf)`;
 * - each feature is a fixed sparse random projection: `FANOUT` buckets chosen by seeded hashes,
 *   each with a hashed sign (signed feature hashing), which keeps unrelated texts near
 *   orthogonal and texts sharing words at a clearly higher cosine.
 *
 * Same text → same vector, bit for bit, so identical texts score exactly 1. Semantic quality is
 * not a goal. Words past the model's sequence length are ignored, as the real models truncate.
 */

import { murmur3Bytes, utf8 } from "./hash.ts";
import { type DenseModel, findDenseModel, UnknownEmbeddingModelError } from "./models.ts";
import { STOP_WORDS, stem, words } from "./tokenize.ts";

const FANOUT = 3;
const UNIGRAM_WEIGHT = 1;
const STOP_WORD_WEIGHT = 0.3;
const BIGRAM_WEIGHT = 0.5;
const TRIGRAM_WEIGHT = 0.35;
/** The feature of a text without any word, so even `""` embeds to a unit vector. */
const EMPTY_FEATURE = "\u0000empty";
const BASE_SEED = 0x5eed_0001;

/** Embed `text` with the dense model `model` (enum or Hugging Face name, or a table entry). */
export function embedDense(model: string | DenseModel, text: string): Float32Array {
  const entry = typeof model === "string" ? findDenseModel(model) : model;
  if (entry === undefined) {
    throw new UnknownEmbeddingModelError("dense", String(model));
  }
  const features = denseFeatures(text, entry.sequenceLength);
  const sums = new Float64Array(entry.dimension);
  for (const [feature, count] of features.counts) {
    const weight = (features.weights.get(feature) ?? 1) * (1 + Math.log(count));
    const projection = projectionOf(feature, entry.dimension);
    for (let k = 0; k < FANOUT; k++) {
      const signed = projection[k] as number;
      const bucket = Math.abs(signed) - 1;
      sums[bucket] = (sums[bucket] as number) + Math.sign(signed) * weight;
    }
  }
  return normalised(sums);
}

/**
 * Features (words, bigrams, trigrams) recur across texts, so their projections are cached per
 * dimension: `FANOUT` signed buckets, `±(bucket + 1)`. Bounded: the cache is dropped when full.
 * A pure speed-up: the vectors are the same bit for bit.
 */
const PROJECTION_CACHE_SIZE = 200_000;
const projections = new Map<number, Map<string, Int32Array>>();

function projectionOf(feature: string, dimension: number): Int32Array {
  let cache = projections.get(dimension);
  if (cache === undefined) {
    cache = new Map();
    projections.set(dimension, cache);
  }
  let projection = cache.get(feature);
  if (projection === undefined) {
    projection = new Int32Array(FANOUT);
    const bytes = utf8(feature);
    for (let k = 0; k < FANOUT; k++) {
      const bucket = murmur3Bytes(bytes, BASE_SEED + k) % dimension;
      // A second, independent hash gives the sign.
      const sign = murmur3Bytes(bytes, BASE_SEED + FANOUT + k) & 1 ? 1 : -1;
      projection[k] = sign * (bucket + 1);
    }
    if (cache.size >= PROJECTION_CACHE_SIZE) {
      cache.clear();
    }
    cache.set(feature, projection);
  }
  return projection;
}

interface Features {
  readonly counts: Map<string, number>;
  readonly weights: Map<string, number>;
}

function denseFeatures(text: string, sequenceLength: number): Features {
  const counts = new Map<string, number>();
  const weights = new Map<string, number>();
  const add = (feature: string, weight: number): void => {
    counts.set(feature, (counts.get(feature) ?? 0) + 1);
    weights.set(feature, weight);
  };
  const all = words(text).slice(0, sequenceLength);
  let previous: string | undefined;
  for (const word of all) {
    const term = stem(word);
    // Prefixes keep the three kinds of feature apart: the word "abc" is not the trigram "abc".
    add(`w:${term}`, STOP_WORDS.has(word) ? STOP_WORD_WEIGHT : UNIGRAM_WEIGHT);
    if (previous !== undefined) {
      add(`b:${previous} ${term}`, BIGRAM_WEIGHT);
    }
    previous = term;
    const marked = Array.from(`<${word}>`);
    for (let i = 0; i + 3 <= marked.length; i++) {
      add(`c:${marked.slice(i, i + 3).join("")}`, TRIGRAM_WEIGHT);
    }
  }
  if (counts.size === 0) {
    add(EMPTY_FEATURE, 1);
  }
  return { counts, weights };
}

function normalised(sums: Float64Array): Float32Array {
  let norm = 0;
  for (const value of sums) {
    norm += value * value;
  }
  const out = new Float32Array(sums.length);
  if (norm === 0) {
    // Every bucket cancelled out (possible only in theory): fall back to a fixed unit vector.
    out[0] = 1;
    return out;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < sums.length; i++) {
    out[i] = (sums[i] as number) * scale;
  }
  return out;
}
