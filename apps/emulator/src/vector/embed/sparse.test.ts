import { describe, test } from "vitest";
import { Bm25Corpus, bm25DocumentValue, inverseDocumentFrequency } from "./bm25.ts";
import { SPARSE_MODELS } from "./models.ts";
import { bm25TermIndex, embedSparse } from "./sparse.ts";
import { stem, terms } from "./tokenize.ts";

const f32 = Math.fround;

describe("BM25 (vector-rest-wire.md §4.2, §6.2)", () => {
  test("document values by hand: k1 = 1.2, b = 0.75, avgdl = 32", ({ expect }) => {
    // "the cat sat on the cat mat": stop words the/on dropped → cat ×2, sat, mat; |D| = 4.
    const vector = embedSparse("BM25", "the cat sat on the cat mat");
    const norm = 1.2 * (1 - 0.75 + (0.75 * 4) / 32); // 0.4125
    const byIndex = new Map(vector.indices.map((index, i) => [index, vector.values[i]]));
    expect(byIndex.get(bm25TermIndex("cat"))).toBe(f32((2 * 2.2) / (2 + norm)));
    expect(byIndex.get(bm25TermIndex("sat"))).toBe(f32(2.2 / (1 + norm)));
    expect(byIndex.get(bm25TermIndex("mat"))).toBe(f32(2.2 / (1 + norm)));
    expect(vector.indices).toHaveLength(3);
    expect(f32((2 * 2.2) / (2 + norm))).toBe(f32(1.8238342));
    expect(bm25DocumentValue(1, 32)).toBe(f32(1));
  });

  test("indices are sorted, non-negative int32, and stable", ({ expect }) => {
    const vector = embedSparse("BM25", "zebra apple mango banana kiwi");
    expect(vector.indices).toEqual([...vector.indices].sort((a, b) => a - b));
    for (const index of vector.indices) {
      expect(Number.isInteger(index) && index >= 0 && index <= 0x7fffffff).toBe(true);
    }
    expect(embedSparse("BM25", "zebra apple mango banana kiwi")).toEqual(vector);
    // Pinned: stored BM25 vectors must keep matching queries across releases.
    expect(embedSparse("BM25", "hello world")).toEqual({
      indices: [474654174, 2136990521],
      values: [f32(1.6221197843551636), f32(1.6221197843551636)],
    });
  });

  test("queries are 1.0 per unique term; IDF from a corpus when given", ({ expect }) => {
    const query = embedSparse("BM25", "cats and cat", "query");
    expect(query).toEqual({ indices: [bm25TermIndex("cat")], values: [1] });
    const corpus = new Bm25Corpus();
    for (const text of ["cat sat", "dog sat", "bird flew"]) {
      corpus.addDocument(embedSparse("BM25", text));
    }
    const weighted = embedSparse("BM25", "cat sat", { role: "query", corpus });
    const byIndex = new Map(weighted.indices.map((index, i) => [index, weighted.values[i]]));
    // N = 3; cat in 1 document, sat in 2.
    expect(byIndex.get(bm25TermIndex("cat"))).toBe(f32(Math.log(2.5 / 1.5 + 1)));
    expect(byIndex.get(bm25TermIndex("sat"))).toBe(f32(Math.log(1.5 / 2.5 + 1)));
  });

  test("IDF as the service computes it: ln(((N − n + 0.5) / (n + 0.5)) + 1)", ({ expect }) => {
    // The worked example of §4.4: N = 3, index 0 in one vector, index 1 in two.
    const corpus = new Bm25Corpus();
    corpus.addDocument({ indices: [0, 1], values: [0.1, 0.2] });
    corpus.addDocument({ indices: [1, 2], values: [0.2, 0.3] });
    corpus.addDocument({ indices: [2, 3], values: [0.3, 0.4] });
    expect(corpus.idf(0)).toBe(f32(Math.log(8 / 3)));
    expect(corpus.idf(1)).toBe(f32(Math.log(1.6)));
    expect(inverseDocumentFrequency(3, 1)).toBe(corpus.idf(0));
    // 0.1·0.1·ln(8/3) + 0.2·0.2·ln(1.6) in float32 steps = the service's 0.028608438.
    const w0 = f32(f32(0.1) * corpus.idf(0));
    const w1 = f32(f32(0.2) * corpus.idf(1));
    const score = f32(f32(w0 * f32(0.1)) + f32(w1 * f32(0.2)));
    expect(score).toBe(f32(0.028608438));
  });

  test("the corpus follows adds and removes; zero values do not count", ({ expect }) => {
    const corpus = new Bm25Corpus();
    const a = { indices: [5, 6], values: [1, 0] };
    corpus.addDocument(a);
    corpus.addDocument({ indices: [5], values: [2] });
    expect(corpus.documentCount).toBe(2);
    expect(corpus.documentFrequency(5)).toBe(2);
    expect(corpus.documentFrequency(6)).toBe(0);
    corpus.removeDocument(a);
    expect(corpus.documentCount).toBe(1);
    expect(corpus.documentFrequency(5)).toBe(1);
    corpus.clear();
    expect(corpus.documentCount).toBe(0);
    expect(corpus.idf(5)).toBe(f32(Math.log(0.5 / 0.5 + 1)));
  });
});

describe("BGE_M3 sparse", () => {
  test("deterministic, sorted, inside the 250,002-entry vocabulary, positive", ({ expect }) => {
    const vocabulary = SPARSE_MODELS.find((m) => m.name === "BGE_M3")?.vocabularySize ?? 0;
    const vector = embedSparse("BAAI/bge-m3", "Sparse retrieval with learned weights");
    expect(vector.indices.length).toBe(5);
    expect(vector.indices).toEqual([...vector.indices].sort((a, b) => a - b));
    for (const [i, index] of vector.indices.entries()) {
      expect(index).toBeLessThan(vocabulary);
      expect(vector.values[i]).toBeGreaterThan(0);
    }
    expect(embedSparse("BGE_M3", "Sparse retrieval with learned weights", "query")).toEqual(vector);
  });

  test("an unknown sparse model is refused", ({ expect }) => {
    expect(() => embedSparse("naver/splade-v3", "x")).toThrow("Unknown sparse embedding model");
  });
});

describe("tokenizer", () => {
  test("stems inflections and drops stop words for BM25", ({ expect }) => {
    expect(["testing", "tested", "tests", "test"].map(stem)).toEqual([
      "test",
      "test",
      "test",
      "test",
    ]);
    expect(["running", "stopped", "cities", "classes", "quickly"].map(stem)).toEqual([
      "run",
      "stop",
      "city",
      "class",
      "quick",
    ]);
    expect(terms("The Cats, and THE dogs!", { dropStopWords: true })).toEqual(["cat", "dog"]);
    expect(terms("Über café 42", { dropStopWords: true })).toEqual(["über", "café", "42"]);
  });
});
