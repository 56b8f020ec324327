/**
 * Scores against hand-computed values (vector-rest-wire.md §4): the three dense similarity
 * functions, sparse with and without IDF, and RRF and DBSF fusion, including the worked examples
 * of §4.4, whose values come from the real service. Numbers are compared as the wire writes them:
 * the shortest decimal of the float32.
 */
import { describe, test } from "vitest";
import { toFloat32Json } from "../../src/vector/float32.ts";
import { fuseDbsf, fuseRrf } from "../../src/vector/fusion.ts";
import { cosineScore, dotProduct, squaredNorm } from "../../src/vector/similarity.ts";
import { result, startVectorServer } from "./fixtures.ts";

type Hit = { id: string; score: number };

describe("float32 formatting (§1.4)", () => {
  test.for([
    [0.1, 0.1],
    [1 / 30, 0.033333335],
    [Math.fround(1 / 60 + 1 / 62), 0.032795697],
    [1, 1],
    [0, 0],
    [-2.5, -2.5],
    [1e-7, 1e-7],
  ] as const)("%d is written as %d", ([value, written], { expect }) => {
    expect(toFloat32Json(value)).toBe(written);
    expect(Math.fround(toFloat32Json(value))).toBe(Math.fround(value));
  });
});

describe("dense similarity (§4.1)", () => {
  test.for([
    [
      "COSINE",
      [1, 0],
      [
        [1, 0],
        [1, 1],
        [0, 1],
        [-1, 0],
      ],
      [1, 0.8535534, 0.5, 0],
    ],
    // 1 / (1 + d²): d² = 0, 1, 5
    [
      "EUCLIDEAN",
      [0, 0],
      [
        [0, 0],
        [1, 0],
        [1, 2],
      ],
      [1, 0.5, 0.16666667],
    ],
    // (1 + dot) / 2: dot = 1, 0.96, 0; a longer vector exceeds 1 (not clamped, §7)
    [
      "DOT_PRODUCT",
      [0.6, 0.8],
      [
        [0.6, 0.8],
        [0.8, 0.6],
        [0.8, -0.6],
        [3, 4],
      ],
      [1, 0.98, 0.5, 3],
    ],
  ] as const)("%s", async ([similarity, query, vectors, scores], { expect }) => {
    await using server = await startVectorServer();
    const base = await server.createIndex({ name: "d", type: "DENSE", dimension: 2, similarity });
    await result(
      base,
      "upsert",
      vectors.map((vector, i) => ({ id: `v${i}`, vector })),
    );
    const hits = (await result(base, "query", { vector: query, topK: 10 })) as Hit[];
    const byId = Object.fromEntries(hits.map((hit) => [hit.id, hit.score]));
    expect(vectors.map((_, i) => byId[`v${i}`])).toEqual(scores);
    expect(hits.map((hit) => hit.score)).toEqual([...scores].sort((a, b) => b - a));
  });

  test("identical vectors score exactly 1 under cosine", ({ expect }) => {
    // Given many random vectors, each compared with itself
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    for (let trial = 0; trial < 500; trial++) {
      const vector = Float32Array.from({ length: 384 }, random);
      const norm = squaredNorm(vector, 0, 384);
      // Then the float steps of §4.1 give 1, never 0.99999994
      expect(cosineScore(dotProduct(vector, vector, 0), norm, norm)).toBe(1);
    }
  });
});

/** The hybrid index of §4.4. */
async function workedExampleIndex(type: "HYBRID" | "SPARSE") {
  const server = await startVectorServer();
  const base = await server.createIndex({ name: "w", type, dimension: 2, similarity: "COSINE" });
  const dense = (vector: number[]) => (type === "HYBRID" ? { vector } : {});
  await result(base, "upsert", [
    { id: "id0", ...dense([0.1, 0.2]), sparseVector: { indices: [0, 1], values: [0.1, 0.2] } },
    {
      id: "id1",
      ...dense([0.2, 0.3]),
      sparseVector: { indices: [1, 2], values: [0.2, 0.3] },
      metadata: { key: "value" },
    },
    {
      id: "id2",
      ...dense([0.3, 0.4]),
      sparseVector: { indices: [2, 3], values: [0.3, 0.4] },
      metadata: { key: "value" },
      data: "data",
    },
  ]);
  return { server, base };
}

describe("the service's worked examples (§4.4)", () => {
  test("RRF: both components rank id2 first", async ({ expect }) => {
    const { server, base } = await workedExampleIndex("HYBRID");
    await using _ = server;
    const hits = await result(base, "query", {
      vector: [0.1, 0.1],
      sparseVector: { indices: [3, 4], values: [0.1, 0.2] },
      topK: 1,
      fusionAlgorithm: "RRF",
    });
    expect(hits).toEqual([{ id: "id2", score: 0.033333335 }]);
  });

  test("RRF is the default: dense rank 2 + sparse rank 0 beats rank 1 + rank 1", async ({
    expect,
  }) => {
    const { server, base } = await workedExampleIndex("HYBRID");
    await using _ = server;
    const hits = await result(base, "query", {
      vector: [0.5, 0.1],
      sparseVector: { indices: [0, 1], values: [0.5, 0.1] },
      topK: 2,
    });
    expect(hits).toEqual([
      { id: "id0", score: 0.032795697 },
      { id: "id1", score: 0.032786883 },
    ]);
  });

  test("a sparse-only query on a hybrid index returns raw IDF scores, no fusion", async ({
    expect,
  }) => {
    const { server, base } = await workedExampleIndex("HYBRID");
    await using _ = server;
    const hits = await result(base, "query", {
      sparseVector: { indices: [2, 3], values: [0.5, 0.5] },
      topK: 1,
      weightingStrategy: "IDF",
      fusionAlgorithm: "DBSF",
    });
    expect(hits).toEqual([{ id: "id2", score: 0.26666638 }]);
  });

  test("resumable DBSF fuses batch by batch", async ({ expect }) => {
    const { server, base } = await workedExampleIndex("HYBRID");
    await using _ = server;
    const start = (await result(base, "resumable-query", {
      vector: [0.1, 0.1],
      sparseVector: { indices: [0], values: [0.1] },
      topK: 2,
      weightingStrategy: "IDF",
      fusionAlgorithm: "DBSF",
    })) as { uuid: string; scores: Hit[] };
    expect(start.scores).toEqual([
      { id: "id2", score: 0.617851 },
      { id: "id0", score: 0.5 },
    ]);
    const next = await result(base, "resumable-query-next", { uuid: start.uuid, additionalK: 1 });
    expect(next).toEqual([{ id: "id1", score: 0.5 }]);
  });

  test("resumable sparse query with IDF (N = 3)", async ({ expect }) => {
    const { server, base } = await workedExampleIndex("SPARSE");
    await using _ = server;
    const start = (await result(base, "resumable-query", {
      sparseVector: { indices: [0, 1], values: [0.1, 0.2] },
      topK: 1,
      weightingStrategy: "IDF",
    })) as { uuid: string; scores: Hit[] };
    // 0.1·0.1·ln(8/3) + 0.2·0.2·ln(1.6)
    expect(start.scores).toEqual([{ id: "id0", score: 0.028608438 }]);
    const next = await result(base, "resumable-query-next", { uuid: start.uuid, additionalK: 1 });
    expect(next).toEqual([{ id: "id1", score: 0.018800145 }]);
  });
});

describe("sparse (§4.2)", () => {
  test("the inner product over shared indices; no overlap, no result", async ({ expect }) => {
    await using server = await startVectorServer();
    const base = await server.createIndex({ name: "s", type: "SPARSE", similarity: "DOT_PRODUCT" });
    await result(base, "upsert", [
      { id: "a", sparseVector: { indices: [1, 5, 9], values: [1, 2, 3] } },
      { id: "b", sparseVector: { indices: [5], values: [0.5] } },
      { id: "c", sparseVector: { indices: [7], values: [4] } },
    ]);
    // Unsorted query indices are sorted (§7): 9·3·1 + 5·2·2 = 3 + 4 = 7; b: 2·0.5 = 1
    const hits = await result(base, "query", {
      sparseVector: { indices: [9, 5], values: [1, 2] },
      topK: 5,
    });
    expect(hits).toEqual([
      { id: "a", score: 7 },
      { id: "b", score: 1 },
    ]);
  });
});

describe("fusion functions (§4.3)", () => {
  test("RRF sums 1/(60 + r) per key, r from 0", ({ expect }) => {
    const fused = fuseRrf([
      [
        { key: "x", score: 9 },
        { key: "y", score: 8 },
      ],
      [
        { key: "y", score: 1 },
        { key: "z", score: 0.5 },
      ],
    ]);
    expect(toFloat32Json(fused.get("x") as number)).toBe(toFloat32Json(1 / 60));
    expect(toFloat32Json(fused.get("y") as number)).toBe(
      toFloat32Json(Math.fround(Math.fround(1 / 61) + Math.fround(1 / 60))),
    );
    expect(toFloat32Json(fused.get("z") as number)).toBe(toFloat32Json(1 / 61));
  });

  test("DBSF: three-sigma normalisation with the sample deviation; σ = 0 gives 0.5", ({
    expect,
  }) => {
    // Scores 1, 2, 3: μ = 2, σ = 1, range [−1, 5]: 1 → 2/6, 2 → 3/6, 3 → 4/6
    const fused = fuseDbsf([
      [
        { key: "c", score: 3 },
        { key: "b", score: 2 },
        { key: "a", score: 1 },
      ],
      [
        { key: "a", score: 7 },
        { key: "b", score: 7 },
      ],
    ]);
    expect(toFloat32Json(fused.get("c") as number)).toBe(toFloat32Json(4 / 6));
    expect(toFloat32Json(fused.get("b") as number)).toBe(toFloat32Json(0.5 + 0.5));
    expect(toFloat32Json(fused.get("a") as number)).toBe(
      toFloat32Json(Math.fround(Math.fround(2 / 6) + 0.5)),
    );
  });
});
