/**
 * The real `@upstash/vector` SDK, unmodified, driving a live emulator over a socket (issue 6):
 * dense, sparse and hybrid indexes, namespaces, resumable queries, upsert-data and query-data,
 * range, fetch, update, delete, reset and the namespace commands.
 *
 * Every test runs on each SDK version of the matrix (issue 24): 1.1 and the current one.
 */
import * as vectorCurrent from "@upstash/vector";
import * as vector11 from "upstash-vector-1-1";
import { describe, test } from "vitest";
import { READ_ONLY_TOKEN, startVectorServer, TOKEN, type VectorTestServer } from "./fixtures.ts";

type Metadata = { city?: string; n?: number };

interface SdkVersion {
  readonly version: string;
  /** Older versions are typed as the current one: the tests use what every version has. */
  readonly sdk: typeof vectorCurrent;
  /** Sparse and hybrid indexes (QueryMode, WeightingStrategy, FusionAlgorithm): 1.2 on. */
  readonly hasSparse: boolean;
  /**
   * queryMany with one query: the service answers a flat list, which 1.2 on wrap into a list of
   * one result list and 1.1 passes on as it is.
   */
  readonly nestsSingleQueryMany: boolean;
  /** `fetch({ prefix })` and `delete({ filter })` (1.1 takes ids only). */
  readonly selectsWithoutIds: boolean;
}

const SDK_VERSIONS: readonly SdkVersion[] = [
  {
    version: "1.1",
    sdk: vector11 as unknown as typeof vectorCurrent,
    hasSparse: false,
    nestsSingleQueryMany: false,
    selectsWithoutIds: false,
  },
  {
    version: "current",
    sdk: vectorCurrent,
    hasSparse: true,
    nestsSingleQueryMany: true,
    selectsWithoutIds: true,
  },
];

for (const { version, sdk, hasSparse, nestsSingleQueryMany, selectsWithoutIds } of SDK_VERSIONS) {
  const { FusionAlgorithm, Index, QueryMode, WeightingStrategy } = sdk;
  type Index<T extends Record<string, unknown>> = vectorCurrent.Index<T>;

  async function sdkIndex(
    server: VectorTestServer,
    spec: Parameters<VectorTestServer["createIndex"]>[0],
    token = TOKEN,
  ): Promise<Index<Metadata>> {
    const url = await server.createIndex(spec);
    return new Index<Metadata>({ url, token, retry: false });
  }

  describe(`@upstash/vector ${version} against the emulator`, () => {
    test("dense: upsert, query, fetch, update, range, delete, info, reset", async ({ expect }) => {
      await using server = await startVectorServer();
      const index = await sdkIndex(server, {
        name: "dense",
        type: "DENSE",
        dimension: 3,
        similarity: "COSINE",
      });
      expect(
        await index.upsert([
          { id: "paris", vector: [1, 0, 0], metadata: { city: "Paris", n: 1 } },
          { id: "rome", vector: [0, 1, 0], metadata: { city: "Rome", n: 2 } },
          { id: 3, vector: [0, 0, 1] },
        ]),
      ).toBe("Success");
      const hits = await index.query({
        vector: [1, 0.1, 0],
        topK: 2,
        includeMetadata: true,
        includeData: true,
      });
      expect(hits.map((hit) => hit.id)).toEqual(["paris", "rome"]);
      expect(hits[0]).toMatchObject({ metadata: { city: "Paris", n: 1 } });
      expect(
        await index.query({ vector: [1, 0, 0], topK: 5, filter: "n >= 2", includeVectors: true }),
      ).toEqual([{ id: "rome", score: 0.5, vector: [0, 1, 0] }]);
      const many = await index.queryMany([{ vector: [0, 0, 1], topK: 1 }]);
      const hit = { id: "3", score: 1 };
      expect(many).toEqual(nestsSingleQueryMany ? [[hit]] : [hit]);

      expect(await index.fetch(["rome", "nobody"], { includeMetadata: true })).toEqual([
        { id: "rome", metadata: { city: "Rome", n: 2 } },
        null,
      ]);
      if (selectsWithoutIds) {
        expect(await index.fetch({ prefix: "pa" })).toEqual([{ id: "paris" }]);
      }
      expect(
        await index.update({ id: "rome", metadata: { n: 5 }, metadataUpdateMode: "PATCH" }),
      ).toEqual({ updated: 1 });
      expect(await index.fetch(["rome"], { includeMetadata: true })).toEqual([
        { id: "rome", metadata: { city: "Rome", n: 5 } },
      ]);

      const page = await index.range({ cursor: 0, limit: 2 });
      expect(page.nextCursor).toBe("2");
      expect((await index.range({ cursor: page.nextCursor, limit: 2 })).nextCursor).toBe("");

      expect(await index.delete("paris")).toEqual({ deleted: 1 });
      expect(
        await (selectsWithoutIds
          ? index.delete({ filter: "city = 'Rome'" })
          : index.delete("rome")),
      ).toEqual({ deleted: 1 });
      const info = await index.info();
      expect(info).toMatchObject({
        vectorCount: 1,
        pendingVectorCount: 0,
        dimension: 3,
        similarityFunction: "COSINE",
        indexType: "DENSE",
      });
      expect(await index.reset()).toBe("Success");
      expect((await index.info()).vectorCount).toBe(0);
    });

    test("errors reach the SDK as UpstashError with the service's text", async ({ expect }) => {
      await using server = await startVectorServer();
      const index = await sdkIndex(server, {
        name: "dense",
        type: "DENSE",
        dimension: 2,
        similarity: "COSINE",
      });
      await expect(index.upsert({ id: "a", vector: [1, 2, 3] })).rejects.toThrow(
        "Invalid vector dimension: 3, expected: 2",
      );
      const readOnly = new Index({
        url: `${server.emulator.url}/vector/dense`,
        token: READ_ONLY_TOKEN,
        retry: false,
      });
      expect((await readOnly.info()).vectorCount).toBe(0);
      await expect(readOnly.upsert({ id: "a", vector: [1, 2] })).rejects.toThrow(/Forbidden/);
      const wrong = new Index({
        url: `${server.emulator.url}/vector/dense`,
        token: "wrong",
        retry: false,
      });
      await expect(wrong.info()).rejects.toThrow("Unauthorized: Invalid auth token");
    });

    test("namespaces: isolated writes, list, reset all, delete", async ({ expect }) => {
      await using server = await startVectorServer();
      const index = await sdkIndex(server, {
        name: "ns",
        type: "DENSE",
        dimension: 2,
        similarity: "EUCLIDEAN",
      });
      const one = index.namespace("one");
      await one.upsert({ id: "a", vector: [1, 1], metadata: { n: 1 } });
      await index.namespace("two").upsert({ id: "a", vector: [2, 2] });
      expect(await one.query({ vector: [1, 1], topK: 5 })).toEqual([{ id: "a", score: 1 }]);
      expect(await index.query({ vector: [1, 1], topK: 5 })).toEqual([]);
      expect(await one.fetch(["a"], { includeVectors: true })).toEqual([
        { id: "a", vector: [1, 1] },
      ]);
      expect(await one.update({ id: "a", vector: [0, 0] })).toEqual({ updated: 1 });
      expect(await index.listNamespaces()).toEqual(["", "one", "two"]);
      expect(await one.range({ cursor: 0, limit: 5 })).toEqual({
        nextCursor: "",
        vectors: [{ id: "a" }],
      });
      expect(await index.reset({ all: true })).toBe("Success");
      expect((await index.info()).namespaces).toEqual({
        "": { vectorCount: 0, pendingVectorCount: 0 },
        one: { vectorCount: 0, pendingVectorCount: 0 },
        two: { vectorCount: 0, pendingVectorCount: 0 },
      });
      expect(await index.deleteNamespace("two")).toBe("Success");
      await expect(index.deleteNamespace("two")).rejects.toThrow(
        "Namespace two for the index ns does not exist",
      );
      expect(await one.delete(["a"])).toEqual({ deleted: 0 });
    });

    test("resumable queries: start, fetchNext, stop", async ({ expect }) => {
      await using server = await startVectorServer();
      const index = await sdkIndex(server, {
        name: "r",
        type: "DENSE",
        dimension: 2,
        similarity: "DOT_PRODUCT",
      });
      await index
        .namespace("ns")
        .upsert(Array.from({ length: 6 }, (_, i) => ({ id: `v${i}`, vector: [1 - i / 10, 0] })));
      const { result, fetchNext, stop } = await index.resumableQuery(
        { vector: [1, 0], topK: 2, includeMetadata: true, maxIdle: 60 },
        { namespace: "ns" },
      );
      expect(result.map((hit) => hit.id)).toEqual(["v0", "v1"]);
      expect((await fetchNext(3)).map((hit) => hit.id)).toEqual(["v2", "v3", "v4"]);
      expect((await fetchNext(5)).map((hit) => hit.id)).toEqual(["v5"]);
      expect(await stop()).toBe("Success");
    });

    test.skipIf(!hasSparse)(
      "sparse index with BM25: upsert-data, query-data with IDF",
      async ({ expect }) => {
        await using server = await startVectorServer();
        const index = await sdkIndex(server, {
          name: "bm25",
          type: "SPARSE",
          similarity: "DOT_PRODUCT",
          sparseEmbeddingModel: "BM25",
        });
        await index.upsert([
          { id: "cats", data: "Cats are small furry animals that purr" },
          { id: "dogs", data: "Dogs are loyal animals that bark" },
          { id: "cars", data: "Cars drive fast on highways" },
        ]);
        const hits = await index.query({
          data: "furry cats",
          topK: 3,
          weightingStrategy: WeightingStrategy.IDF,
          includeData: true,
        });
        expect(hits[0]).toMatchObject({
          id: "cats",
          data: "Cats are small furry animals that purr",
        });
        expect(hits.map((hit) => hit.id)).not.toContain("cars");
        const [raw] = await index.fetch(["dogs"], { includeVectors: true });
        expect(raw?.sparseVector?.indices.length).toBeGreaterThan(0);
        expect(raw?.vector).toBeUndefined();
        await index.upsert({ id: "manual", sparseVector: { indices: [1, 2], values: [0.5, 0.5] } });
        expect(await index.query({ sparseVector: { indices: [2], values: [2] }, topK: 1 })).toEqual(
          [{ id: "manual", score: 1 }],
        );
      },
    );

    test.skipIf(!hasSparse)(
      "hybrid index with models: data queries per queryMode, fusion, resumable",
      async ({ expect }) => {
        await using server = await startVectorServer();
        const index = await sdkIndex(server, {
          name: "hybrid",
          type: "HYBRID",
          similarity: "COSINE",
          denseEmbeddingModel: "BAAI/bge-small-en-v1.5",
          sparseEmbeddingModel: "BM25",
        });
        await index.upsert([
          { id: "a", data: "the quick brown fox jumps", metadata: { n: 1 } },
          { id: "b", data: "a lazy dog sleeps all day", metadata: { n: 2 } },
          { id: "c", data: "quick foxes and lazy dogs", metadata: { n: 3 } },
        ]);
        const info = await index.info();
        expect(info).toMatchObject({
          indexType: "HYBRID",
          dimension: 384,
          denseIndex: { dimension: 384, embeddingModel: "BGE_SMALL_EN_V1_5" },
          sparseIndex: { embeddingModel: "BM25" },
        });
        const dense = await index.query({
          data: "the quick brown fox jumps",
          topK: 1,
          queryMode: QueryMode.DENSE,
        });
        expect(dense).toEqual([{ id: "a", score: 1 }]);
        const sparse = await index.query({ data: "sleeps", topK: 3, queryMode: QueryMode.SPARSE });
        expect(sparse.map((hit) => hit.id)).toEqual(["b"]);
        const fused = await index.query({
          data: "quick fox",
          topK: 3,
          fusionAlgorithm: FusionAlgorithm.DBSF,
        });
        expect(fused).toHaveLength(3);
        expect(fused[0]?.id).not.toBe("b");
        await index.upsert({
          id: "raw",
          vector: Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)),
          sparseVector: { indices: [1], values: [1] },
        });
        await expect(index.upsert({ id: "x", vector: Array(384).fill(0.1) })).rejects.toThrow(
          "This index requires sparse vectors",
        );
        const { result, fetchNext, stop } = await index.resumableQuery({
          data: "lazy dog",
          topK: 1,
          maxIdle: 60,
        });
        expect(result).toHaveLength(1);
        const more = await fetchNext(2);
        expect(more.map((hit) => hit.id)).not.toContain(result[0]?.id);
        await stop();
        // The SDK itself refuses, synchronously, once stopped (§2.6)
        expect(() => fetchNext(1)).toThrow(/already been stopped/);
      },
    );

    test("the default index works from the printed URL and token", async ({ expect }) => {
      await using server = await startVectorServer();
      const index = new Index({
        url: server.emulator.vectorUrl,
        token: server.emulator.vectorToken,
        retry: false,
      });
      await index.upsert({ id: "doc", data: "testing-plain-text" });
      await index.upsert({ id: "other", data: "completely different words here" });
      const [best, second] = await index.query({ data: "testing-plan-text", topK: 2 });
      expect(best?.id).toBe("doc");
      expect(best?.score).toBeGreaterThan(second?.score ?? 1);
    });
  });
}
