/**
 * The contract the management API codes to (`VectorService`): creating, listing, deleting indexes,
 * token rotation, stats; and the vector route's per-request usage hook (STYLE.md §7.6). Also the
 * start-up wiring: the default index and the `--vector-indexing-delay-ms` flag.
 */
import { describe, test } from "vitest";
import { readCliConfig } from "../../src/config.ts";
import { createVectorRoute, type VectorUsageSample } from "../../src/http/routes/vector.ts";
import { ManualClock } from "../../src/index.ts";
import {
  VectorIndexExistsError,
  VectorIndexSpecError,
  VectorService,
} from "../../src/vector/index.ts";
import { call, sendToRoute, startVectorServer } from "./fixtures.ts";

describe("VectorService", () => {
  test("createIndex resolves the spec; names are unique; bad specs are refused", async ({
    expect,
  }) => {
    const service = new VectorService({ clock: new ManualClock() });
    const handle = await service.createIndex({
      name: "idx",
      type: "HYBRID",
      similarity: "DOT_PRODUCT",
      denseEmbeddingModel: "BAAI/bge-base-en-v1.5",
      sparseEmbeddingModel: "bm25",
    });
    expect(handle.spec).toEqual({
      name: "idx",
      type: "HYBRID",
      similarity: "DOT_PRODUCT",
      dimension: 768,
      denseEmbeddingModel: "BGE_BASE_EN_V1_5",
      sparseEmbeddingModel: "BM25",
    });
    expect(handle.token).not.toBe(handle.readOnlyToken);
    expect(service.getIndex("idx")).toBe(handle);
    expect(service.listIndexes()).toEqual([handle]);
    await expect(
      service.createIndex({ name: "idx", type: "DENSE", dimension: 2, similarity: "COSINE" }),
    ).rejects.toBeInstanceOf(VectorIndexExistsError);
    for (const spec of [
      { name: "a", type: "DENSE", similarity: "COSINE" },
      { name: "b", type: "DENSE", dimension: 0, similarity: "COSINE" },
      { name: "c", type: "DENSE", dimension: 2, similarity: "COSINE", denseEmbeddingModel: "x" },
      { name: "d", type: "DENSE", dimension: 2, similarity: "MANHATTAN" },
      { name: "bad/name", type: "DENSE", dimension: 2, similarity: "COSINE" },
      {
        name: "e",
        type: "DENSE",
        dimension: 5,
        similarity: "COSINE",
        denseEmbeddingModel: "BGE_M3",
      },
    ] as const) {
      await expect(
        service.createIndex(spec as Parameters<VectorService["createIndex"]>[0]),
      ).rejects.toBeInstanceOf(VectorIndexSpecError);
    }
    await service.close();
  });

  test("resetTokens refuses the old tokens at once; deleteIndex makes the URL 404", async ({
    expect,
  }) => {
    await using server = await startVectorServer();
    const base = await server.createIndex({
      name: "idx",
      type: "DENSE",
      dimension: 2,
      similarity: "COSINE",
    });
    const handle = server.emulator.vector.getIndex("idx");
    const fresh = handle?.resetTokens();
    expect((await call(`${base}/info`, [])).status).toBe(401);
    expect((await call(`${base}/info`, [], { token: fresh?.token ?? "" })).status).toBe(200);
    expect(
      (await call(`${base}/upsert`, { id: "a", vector: [1, 0] }, { token: fresh?.readOnlyToken }))
        .status,
    ).toBe(403);
    expect(await server.emulator.vector.deleteIndex("idx")).toBe(true);
    expect(await server.emulator.vector.deleteIndex("idx")).toBe(false);
    expect((await call(`${base}/info`, [], { token: fresh?.token ?? "" })).status).toBe(404);
  });

  test("stats count ready and pending vectors per namespace, draining with the clock", async ({
    expect,
  }) => {
    const clock = new ManualClock();
    const service = new VectorService({ clock, indexingDelayMs: 500 });
    const handle = await service.createIndex({
      name: "idx",
      type: "DENSE",
      dimension: 2,
      similarity: "EUCLIDEAN",
      token: "t",
    });
    await sendToRoute(createVectorRoute({ service }), {
      path: "upsert/ns",
      body: [
        { id: "a", vector: [1, 2], metadata: { k: "v" } },
        { id: "b", vector: [3, 4] },
      ],
      token: "t",
    });
    expect(handle.stats()).toMatchObject({
      vectorCount: 0,
      pendingVectorCount: 2,
      dimension: 2,
      similarityFunction: "EUCLIDEAN",
      namespaces: {
        "": { vectorCount: 0, pendingVectorCount: 0 },
        ns: { vectorCount: 0, pendingVectorCount: 2 },
      },
    });
    clock.advance(499);
    expect(handle.stats().pendingVectorCount).toBe(2);
    clock.advance(1);
    const stats = handle.stats();
    expect(stats).toMatchObject({ vectorCount: 2, pendingVectorCount: 0 });
    // Two vectors of 2 float32 plus the metadata's JSON
    expect(stats.indexSize).toBe(2 * 2 * 4 + JSON.stringify({ k: "v" }).length);
    await service.close();
  });

  test("the route's onUsage gets one sample per request with its operation and counts", async ({
    expect,
  }) => {
    const samples: VectorUsageSample[] = [];
    const service = new VectorService({ clock: new ManualClock() });
    const route = createVectorRoute({ service, onUsage: (sample) => samples.push(sample) });
    await service.createIndex({
      name: "idx",
      type: "DENSE",
      dimension: 2,
      similarity: "COSINE",
      token: "t",
    });
    for (const [path, body, token] of [
      [
        "upsert",
        [
          { id: "a", vector: [1, 0] },
          { id: "b", vector: [0, 1] },
        ],
        "t",
      ],
      ["query", [{ vector: [1, 0] }, { vector: [0, 1] }], "t"],
      ["fetch", { ids: ["a", "b", "c"] }, "t"],
      ["info", [], "wrong"],
    ] as const) {
      await sendToRoute(route, { path, body, token });
    }
    expect(samples.map(({ index, operation, count }) => ({ index, operation, count }))).toEqual([
      { index: "idx", operation: "upsert", count: 2 },
      { index: "idx", operation: "query", count: 2 },
      { index: "idx", operation: "fetch", count: 3 },
      { index: "idx", operation: "other", count: 0 },
    ]);
    expect(samples[0]?.bytesIn).toBeGreaterThan(0);
    expect(samples[2]?.bytesOut).toBe(
      JSON.stringify({ result: [{ id: "a" }, { id: "b" }, null] }).length,
    );
    expect(samples.every((sample) => sample.latencyMs >= 0)).toBe(true);
    await service.close();
  });
});

describe("start-up wiring", () => {
  test("the default index: DENSE, 384, COSINE, BGE_SMALL_EN_V1_5", async ({ expect }) => {
    await using server = await startVectorServer();
    const { emulator } = server;
    expect(emulator.vectorUrl).toBe(`${emulator.url}/vector/default`);
    expect(emulator.vector.getIndex("default")?.spec).toEqual({
      name: "default",
      type: "DENSE",
      dimension: 384,
      similarity: "COSINE",
      denseEmbeddingModel: "BGE_SMALL_EN_V1_5",
    });
    const readOnly = await call(`${emulator.vectorUrl}/info`, [], {
      token: emulator.vectorReadOnlyToken,
    });
    expect(readOnly.status).toBe(200);
  });

  test("--vector-indexing-delay-ms and its STRATUS_ twin", ({ expect }) => {
    const fromFlag = readCliConfig(["--in-memory", "--vector-indexing-delay-ms", "250"], {});
    const fromEnv = readCliConfig(["--in-memory"], { STRATUS_VECTOR_INDEXING_DELAY_MS: "40" });
    expect(fromFlag.kind === "start" && fromFlag.config.vectorIndexingDelayMs).toBe(250);
    expect(fromEnv.kind === "start" && fromEnv.config.vectorIndexingDelayMs).toBe(40);
    expect(() => readCliConfig(["--in-memory", "--vector-indexing-delay-ms", "-1"], {})).toThrow(
      /vector-indexing-delay-ms/,
    );
  });

  test("--vector-ann-min-vectors and its STRATUS_ twin", ({ expect }) => {
    const fromFlag = readCliConfig(["--in-memory", "--vector-ann-min-vectors", "5000"], {});
    const fromEnv = readCliConfig(["--in-memory"], { STRATUS_VECTOR_ANN_MIN_VECTORS: "700" });
    const unset = readCliConfig(["--in-memory"], {});
    expect(fromFlag.kind === "start" && fromFlag.config.vectorAnnMinVectors).toBe(5000);
    expect(fromEnv.kind === "start" && fromEnv.config.vectorAnnMinVectors).toBe(700);
    expect(unset.kind === "start" && unset.config.vectorAnnMinVectors).toBeUndefined();
  });
});
