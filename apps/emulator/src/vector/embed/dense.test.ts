import { describe, test } from "vitest";
import { embedDense } from "./dense.ts";
import { DENSE_MODELS, UnknownEmbeddingModelError } from "./models.ts";

const cosine = (a: Float32Array, b: Float32Array): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

const norm = (v: Float32Array): number => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

describe("embedDense", () => {
  test("every model gives its dimension, L2-normalised", ({ expect }) => {
    for (const model of DENSE_MODELS) {
      const vector = embedDense(model.name, "The quick brown fox");
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(model.dimension);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(embedDense("BAAI/bge-small-en-v1.5", "x").length).toBe(384);
    expect(embedDense("baai/BGE-M3", "x").length).toBe(1024);
  });

  test("same text, same vector, bit for bit", ({ expect }) => {
    const a = embedDense("BGE_SMALL_EN_V1_5", "Upstash vector emulator");
    const b = embedDense("BGE_SMALL_EN_V1_5", "Upstash vector emulator");
    expect(Buffer.from(a.buffer)).toEqual(Buffer.from(b.buffer));
    // Pinned: a change of hashing would silently move every persisted record's neighbours.
    const firstNonZero = [...a.entries()].filter(([, value]) => value !== 0).slice(0, 4);
    expect(firstNonZero).toEqual([
      [7, Math.fround(-0.08270382136106491)],
      [13, Math.fround(0.14002974331378937)],
      [14, Math.fround(0.08270382136106491)],
      [30, Math.fround(0.14002974331378937)],
    ]);
  });

  test("texts sharing words score higher than unrelated texts", ({ expect }) => {
    const model = "BGE_BASE_EN_V1_5";
    const query = embedDense(model, "how do I cook pasta at home");
    const related = embedDense(model, "cooking pasta at home is easy");
    const unrelated = embedDense(model, "the stock market fell sharply on Monday");
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
    expect(Math.abs(cosine(query, unrelated))).toBeLessThan(0.25);
  });

  test("near-duplicates stay close (§6.2)", ({ expect }) => {
    const model = "BGE_SMALL_EN_V1_5";
    const plain = embedDense(model, "testing-plain-text");
    const plan = embedDense(model, "testing-plan-text");
    const other = embedDense(model, "weather forecast tomorrow");
    expect(cosine(plain, plan)).toBeGreaterThan(0.6);
    expect(cosine(plain, plan)).toBeGreaterThan(cosine(plain, other) + 0.4);
  });

  test("inflections share a stem; case and punctuation do not matter", ({ expect }) => {
    const model = "BGE_SMALL_EN_V1_5";
    const a = embedDense(model, "Running dogs!");
    expect(embedDense(model, "running, DOGS")).toEqual(a);
    expect(cosine(a, embedDense(model, "the dog runs"))).toBeGreaterThan(0.3);
  });

  test("empty text is still a unit vector", ({ expect }) => {
    const vector = embedDense("BGE_SMALL_EN_V1_5", "");
    expect(norm(vector)).toBeCloseTo(1, 5);
    expect(embedDense("BGE_SMALL_EN_V1_5", "  ?! ")).toEqual(vector);
  });

  test("an unknown model is refused", ({ expect }) => {
    expect(() => embedDense("text-embedding-3-small", "x")).toThrow(UnknownEmbeddingModelError);
    expect(() => embedDense("BM25", "x")).toThrow("Unknown dense embedding model: BM25");
  });
});
