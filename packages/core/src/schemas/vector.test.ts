import { describe, test } from "vitest";
import type { z } from "zod";
import { formatZodIssue } from "./errors.ts";
import {
  DENSE_EMBEDDING_MODEL_DIMENSIONS,
  DeleteRequestSchema,
  DeleteResultSchema,
  FetchRequestSchema,
  FetchResultSchema,
  FusionAlgorithmSchema,
  IndexInfoSchema,
  IndexTypeSchema,
  ListNamespacesResultSchema,
  MetadataUpdateModeSchema,
  QueryBatchResultSchema,
  QueryBodySchema,
  QueryDataBodySchema,
  QueryModeSchema,
  QueryRequestSchema,
  QueryResultSchema,
  RandomResultSchema,
  RangeRequestSchema,
  RangeResultSchema,
  RenameNamespaceRequestSchema,
  ResumableQueryDataRequestSchema,
  ResumableQueryEndRequestSchema,
  ResumableQueryNextRequestSchema,
  ResumableQueryRequestSchema,
  ResumableQueryStartResultSchema,
  SimilarityFunctionSchema,
  SparseVectorSchema,
  StoredVectorSchema,
  SuccessResultSchema,
  UpdateRequestSchema,
  UpdateResultSchema,
  UpsertDataRequestSchema,
  UpsertRequestSchema,
  VectorLimits,
  WeightingStrategySchema,
  wrapVectorResult,
} from "./vector.ts";

function issueOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  }
  return formatZodIssue(result.error, value);
}

const QUERY_DEFAULTS = {
  topK: 10,
  filter: "",
  includeMetadata: false,
  includeVectors: false,
  includeData: false,
  fusionAlgorithm: "RRF",
} as const;

describe("enums", () => {
  test("hold the spec's values", ({ expect }) => {
    expect(SimilarityFunctionSchema.options).toEqual(["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]);
    expect(IndexTypeSchema.options).toEqual(["DENSE", "SPARSE", "HYBRID"]);
    expect(WeightingStrategySchema.options).toEqual(["IDF"]);
    expect(FusionAlgorithmSchema.options).toEqual(["RRF", "DBSF"]);
    expect(QueryModeSchema.options).toEqual(["HYBRID", "DENSE", "SPARSE"]);
    expect(MetadataUpdateModeSchema.options).toEqual(["OVERWRITE", "PATCH"]);
    expect(DENSE_EMBEDDING_MODEL_DIMENSIONS.BGE_M3).toBe(1024);
  });

  test("reject other spellings", ({ expect }) => {
    expect(SimilarityFunctionSchema.safeParse("cosine").success).toBe(false);
    expect(FusionAlgorithmSchema.safeParse("rrf").success).toBe(false);
  });
});

describe("IndexInfoSchema", () => {
  test("accepts the spec's hybrid example (§2.11)", ({ expect }) => {
    const info = {
      vectorCount: 7,
      pendingVectorCount: 0,
      indexSize: 43501,
      dimension: 1024,
      similarityFunction: "COSINE",
      indexType: "HYBRID",
      denseIndex: { dimension: 1024, similarityFunction: "COSINE", embeddingModel: "BGE_M3" },
      sparseIndex: { embeddingModel: "BM25" },
      namespaces: {
        "": { vectorCount: 6, pendingVectorCount: 0 },
        ns: { vectorCount: 1, pendingVectorCount: 0 },
      },
    };
    expect(IndexInfoSchema.parse(info)).toEqual(info);
    expect(wrapVectorResult(IndexInfoSchema).parse({ result: info })).toEqual({ result: info });
  });

  test("accepts a sparse index without denseIndex, leaving it absent", ({ expect }) => {
    const info = IndexInfoSchema.parse({
      vectorCount: 0,
      pendingVectorCount: 0,
      indexSize: 0,
      dimension: 0,
      similarityFunction: "DOT_PRODUCT",
      indexType: "SPARSE",
      sparseIndex: { embeddingModel: "" },
      namespaces: { "": { vectorCount: 0, pendingVectorCount: 0 } },
    });
    expect("denseIndex" in info).toBe(false);
  });

  test("names the failing field", ({ expect }) => {
    expect(
      issueOf(IndexInfoSchema, {
        vectorCount: "7",
        pendingVectorCount: 0,
        indexSize: 0,
        dimension: 0,
        similarityFunction: "COSINE",
        indexType: "DENSE",
        namespaces: {},
      }),
    ).toBe("vectorCount: Invalid input: expected number, received string");
    expect(
      issueOf(IndexInfoSchema, {
        vectorCount: 0,
        pendingVectorCount: 0,
        indexSize: 0,
        dimension: 0,
        similarityFunction: "COSINE",
        indexType: "DENSE",
        namespaces: { ns: { vectorCount: 1 } },
      }),
    ).toBe("namespaces.ns.pendingVectorCount is required");
  });
});

describe("StoredVectorSchema", () => {
  test("keeps absent optional fields absent", ({ expect }) => {
    const stored = StoredVectorSchema.parse({ id: "id0" });
    expect(stored).toEqual({ id: "id0" });
    expect(Object.keys(stored)).toEqual(["id"]);
  });

  test("accepts every field", ({ expect }) => {
    const stored = {
      id: "id2",
      vector: [0.3, 0.4],
      sparseVector: { indices: [2, 3], values: [0.3, 0.4] },
      metadata: { key: "value" },
      data: "data",
    };
    expect(StoredVectorSchema.parse(stored)).toEqual(stored);
  });

  test("rejects null in place of an absent field, and numeric ids", ({ expect }) => {
    expect(issueOf(StoredVectorSchema, { id: "a", vector: null })).toBe(
      "vector: Invalid input: expected array, received null",
    );
    expect(issueOf(StoredVectorSchema, { id: 1 })).toBe(
      "id: Invalid input: expected string, received number",
    );
  });

  test("fetch, range and random results", ({ expect }) => {
    expect(FetchResultSchema.parse([{ id: "a" }, null])).toEqual([{ id: "a" }, null]);
    expect(RangeResultSchema.parse({ nextCursor: "5", vectors: [{ id: "id-0" }] })).toEqual({
      nextCursor: "5",
      vectors: [{ id: "id-0" }],
    });
    expect(RandomResultSchema.parse(null)).toBeNull();
  });
});

describe("SparseVectorSchema", () => {
  test("accepts equal-length arrays", ({ expect }) => {
    expect(SparseVectorSchema.parse({ indices: [0, 1], values: [0.1, 0.2] })).toEqual({
      indices: [0, 1],
      values: [0.1, 0.2],
    });
  });

  test.for([
    {
      body: { indices: [0, 1], values: [0.1] },
      message: "values: sparse vector has 2 indices but 1 values",
    },
    {
      body: { indices: [1, 1], values: [0.1, 0.2] },
      message: "indices: sparse vector indices must be distinct",
    },
    {
      body: { indices: [0.5], values: [0.1] },
      message: "indices[0]: Invalid input: expected int, received number",
    },
    { body: { indices: [0] }, message: "values is required" },
  ])("rejects $body", ({ body, message }, { expect }) => {
    expect(issueOf(SparseVectorSchema, body)).toBe(message);
  });

  test("rejects more than 1000 entries", ({ expect }) => {
    const size = VectorLimits.MAX_SPARSE_ENTRIES + 1;
    const body = {
      indices: Array.from({ length: size }, (_, i) => i),
      values: Array.from({ length: size }, () => 1),
    };
    expect(issueOf(SparseVectorSchema, body)).toBe(
      "indices: sparse vector has 1001 entries; at most 1000 are allowed",
    );
  });
});

describe("UpsertRequestSchema", () => {
  test("accepts one dense, sparse or hybrid record and turns numeric ids into strings", ({
    expect,
  }) => {
    expect(UpsertRequestSchema.parse({ id: 33, vector: [0.1, 0.2] })).toEqual({
      id: "33",
      vector: [0.1, 0.2],
    });
    expect(
      UpsertRequestSchema.parse({ id: "s", sparseVector: { indices: [1], values: [0.5] } }),
    ).toEqual({ id: "s", sparseVector: { indices: [1], values: [0.5] } });
    const hybrid = {
      id: "id1",
      vector: [0.2, 0.3],
      sparseVector: { indices: [1, 2], values: [0.2, 0.3] },
      metadata: { key: "value" },
      data: "text",
    };
    expect(UpsertRequestSchema.parse(hybrid)).toEqual(hybrid);
  });

  test("accepts an array of records", ({ expect }) => {
    expect(
      UpsertRequestSchema.parse([
        { id: "a", vector: [1, 0] },
        { id: 2, vector: [0, 1], metadata: { n: 1 } },
      ]),
    ).toEqual([
      { id: "a", vector: [1, 0] },
      { id: "2", vector: [0, 1], metadata: { n: 1 } },
    ]);
  });

  test.for([
    { body: { id: "a" }, message: "vector or sparseVector is required" },
    {
      body: [{ id: "a", vector: [1] }, { id: "b" }],
      message: "[1].vector: vector or sparseVector is required",
    },
    { body: { vector: [1] }, message: "id is required" },
    { body: { id: {}, vector: [1] }, message: "id: vector ids must be strings or numbers" },
    {
      body: { id: "a", vector: ["1"] },
      message: "vector[0]: Invalid input: expected number, received string",
    },
    {
      body: { id: "a", vector: [1], metadata: "x" },
      message: "metadata: Invalid input: expected record, received string",
    },
    {
      body: { id: "a", vector: [1], data: 1 },
      message: "data: Invalid input: expected string, received number",
    },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(UpsertRequestSchema, body)).toBe(message);
  });
});

describe("UpsertDataRequestSchema", () => {
  test("accepts one record or many", ({ expect }) => {
    expect(UpsertDataRequestSchema.parse({ id: 1, data: "hello" })).toEqual({
      id: "1",
      data: "hello",
    });
    expect(UpsertDataRequestSchema.parse([{ id: "a", data: "x", metadata: { k: 1 } }])).toEqual([
      { id: "a", data: "x", metadata: { k: 1 } },
    ]);
  });

  test('requires data (§2.2: {"id":1} must fail)', ({ expect }) => {
    expect(issueOf(UpsertDataRequestSchema, { id: 1 })).toBe("data is required");
  });
});

describe("UpdateRequestSchema", () => {
  test("defaults metadataUpdateMode to OVERWRITE", ({ expect }) => {
    expect(UpdateRequestSchema.parse({ id: 1, metadata: { a: 1 } })).toEqual({
      id: "1",
      metadata: { a: 1 },
      metadataUpdateMode: "OVERWRITE",
    });
  });

  test("accepts a PATCH with null to delete a key", ({ expect }) => {
    const body = {
      id: "a",
      metadata: { gone: null, nested: { b: 1 } },
      metadataUpdateMode: "PATCH",
    };
    expect(UpdateRequestSchema.parse(body)).toEqual(body);
  });

  test("rejects an unknown mode", ({ expect }) => {
    expect(issueOf(UpdateRequestSchema, { id: "a", metadataUpdateMode: "MERGE" })).toBe(
      'metadataUpdateMode: Invalid option: expected one of "OVERWRITE"|"PATCH"',
    );
  });

  test("result", ({ expect }) => {
    expect(UpdateResultSchema.parse({ updated: 1 })).toEqual({ updated: 1 });
    expect(UpdateResultSchema.safeParse({ updated: -1 }).success).toBe(false);
  });
});

describe("QueryBodySchema", () => {
  test("fills in the documented defaults", ({ expect }) => {
    expect(QueryRequestSchema.parse({ vector: [0.1, 0.1] })).toEqual({
      vector: [0.1, 0.1],
      ...QUERY_DEFAULTS,
    });
  });

  test("accepts the spec's hybrid query (§4.4)", ({ expect }) => {
    const body = {
      vector: [0.1, 0.1],
      sparseVector: { indices: [3, 4], values: [0.1, 0.2] },
      topK: 1,
      includeMetadata: true,
      weightingStrategy: "IDF",
      fusionAlgorithm: "DBSF",
    };
    expect(QueryBodySchema.parse(body)).toEqual({ ...QUERY_DEFAULTS, ...body });
  });

  test("accepts a batch", ({ expect }) => {
    expect(
      QueryBodySchema.parse([{ vector: [1] }, { sparseVector: { indices: [1], values: [1] } }]),
    ).toEqual([
      { vector: [1], ...QUERY_DEFAULTS },
      { sparseVector: { indices: [1], values: [1] }, ...QUERY_DEFAULTS },
    ]);
  });

  test.for([
    { body: { topK: 3 }, message: "vector or sparseVector is required" },
    { body: { vector: [1], topK: 0 }, message: "topK: Too small: expected number to be >0" },
    {
      body: { vector: [1], topK: "3" },
      message: "topK: Invalid input: expected number, received string",
    },
    {
      body: { vector: [1], filter: 1 },
      message: "filter: Invalid input: expected string, received number",
    },
    {
      body: { vector: [1], weightingStrategy: "BM25" },
      message: 'weightingStrategy: Invalid input: expected "IDF"',
    },
    {
      body: { vector: [1], includeMetadata: "yes" },
      message: "includeMetadata: Invalid input: expected boolean, received string",
    },
    {
      body: [{ vector: [1] }, { vector: [1], fusionAlgorithm: "SUM" }],
      message: '[1].fusionAlgorithm: Invalid option: expected one of "RRF"|"DBSF"',
    },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(QueryBodySchema, body)).toBe(message);
  });

  test("results: flat and batched", ({ expect }) => {
    const hits = [{ id: "id2", score: 0.033333335, metadata: { key: "value" } }];
    expect(QueryResultSchema.parse(hits)).toEqual(hits);
    expect(QueryBatchResultSchema.parse([hits, []])).toEqual([hits, []]);
    expect(issueOf(QueryResultSchema, [{ id: "a" }])).toBe("[0].score is required");
  });
});

describe("QueryDataBodySchema", () => {
  test("defaults queryMode to HYBRID", ({ expect }) => {
    expect(QueryDataBodySchema.parse({ data: "hello", topK: 2 })).toEqual({
      data: "hello",
      ...QUERY_DEFAULTS,
      topK: 2,
      queryMode: "HYBRID",
    });
  });

  test("accepts a batch and rejects a query without data", ({ expect }) => {
    expect(QueryDataBodySchema.parse([{ data: "a", queryMode: "SPARSE" }])).toEqual([
      { data: "a", ...QUERY_DEFAULTS, queryMode: "SPARSE" },
    ]);
    expect(issueOf(QueryDataBodySchema, { topK: 1 })).toBe("data is required");
  });
});

describe("resumable query", () => {
  test("start bodies default maxIdle to 3600 seconds", ({ expect }) => {
    expect(
      ResumableQueryRequestSchema.parse({
        vector: [0.1, 0.1],
        sparseVector: { indices: [0], values: [0.1] },
        topK: 2,
      }),
    ).toMatchObject({ topK: 2, maxIdle: 3600 });
    expect(ResumableQueryDataRequestSchema.parse({ data: "x", maxIdle: 60 })).toMatchObject({
      data: "x",
      maxIdle: 60,
      queryMode: "HYBRID",
    });
    expect(issueOf(ResumableQueryRequestSchema, { topK: 1 })).toBe(
      "vector or sparseVector is required",
    );
  });

  test("start result, next and end", ({ expect }) => {
    const start = {
      uuid: "u-1",
      scores: [
        { id: "id2", score: 0.617851 },
        { id: "id0", score: 0.5 },
      ],
    };
    expect(ResumableQueryStartResultSchema.parse(start)).toEqual(start);
    expect(ResumableQueryNextRequestSchema.parse({ uuid: "u-1", additionalK: 1 })).toEqual({
      uuid: "u-1",
      additionalK: 1,
    });
    expect(issueOf(ResumableQueryNextRequestSchema, { uuid: "u-1" })).toBe(
      "additionalK is required",
    );
    expect(issueOf(ResumableQueryEndRequestSchema, { uuid: 1 })).toBe(
      "uuid: Invalid input: expected string, received number",
    );
  });
});

describe("FetchRequestSchema", () => {
  test("accepts ids (numbers become strings) or a prefix, with include flags", ({ expect }) => {
    expect(FetchRequestSchema.parse({ ids: ["id0", 1], includeMetadata: true })).toEqual({
      ids: ["id0", "1"],
      includeMetadata: true,
      includeVectors: false,
      includeData: false,
    });
    expect(FetchRequestSchema.parse({ prefix: "id-" })).toEqual({
      prefix: "id-",
      includeMetadata: false,
      includeVectors: false,
      includeData: false,
    });
  });

  test.for([
    { body: { ids: ["a"], prefix: "a" }, message: "Only one of ids or prefix must be provided." },
    { body: {}, message: "ids or prefix is required" },
    { body: { ids: "a" }, message: "ids: Invalid input: expected array, received string" },
    { body: { ids: [true] }, message: "ids[0]: vector ids must be strings or numbers" },
    { body: { prefix: 1 }, message: "prefix: Invalid input: expected string, received number" },
    {
      body: { ids: ["a"], includeVectors: 1 },
      message: "includeVectors: Invalid input: expected boolean, received number",
    },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(FetchRequestSchema, body)).toBe(message);
  });
});

describe("RangeRequestSchema", () => {
  test.for([
    { cursor: 0, expected: "0" },
    { cursor: "0", expected: "0" },
    { cursor: "", expected: "" },
    { cursor: "5", expected: "5" },
  ])("reads cursor $cursor as $expected", ({ cursor, expected }, { expect }) => {
    expect(RangeRequestSchema.parse({ cursor, limit: 5 })).toMatchObject({
      cursor: expected,
      limit: 5,
    });
  });

  test.for([
    { body: { limit: 5 }, message: "cursor is required" },
    { body: { cursor: 0 }, message: "limit is required" },
    { body: { cursor: 0, limit: 0 }, message: "limit: Too small: expected number to be >0" },
    { body: { cursor: [], limit: 1 }, message: "cursor must be a string or a number" },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(RangeRequestSchema, body)).toBe(message);
  });
});

describe("DeleteRequestSchema", () => {
  test.for([
    { body: { ids: ["a", 2] }, expected: { ids: ["a", "2"] } },
    { body: { prefix: "id-" }, expected: { prefix: "id-" } },
    { body: { filter: "age > 3" }, expected: { filter: "age > 3" } },
    // Older SDKs sent a bare id or array (§2.9).
    { body: "id", expected: { ids: ["id"] } },
    { body: 7, expected: { ids: ["7"] } },
    { body: ["a", "b"], expected: { ids: ["a", "b"] } },
  ])("reads $body", ({ body, expected }, { expect }) => {
    expect(DeleteRequestSchema.parse(body)).toEqual(expected);
  });

  test.for([{ ids: ["a"], prefix: "a" }, { prefix: "a", filter: "x = 1" }, {}])(
    "rejects %j with the service's text",
    (body, { expect }) => {
      expect(issueOf(DeleteRequestSchema, body)).toBe(
        "Only and only one of the ids, prefix, or filter must be provided.",
      );
    },
  );

  test("names a bad id", ({ expect }) => {
    expect(issueOf(DeleteRequestSchema, { ids: [{}] })).toBe(
      "ids[0]: vector ids must be strings or numbers",
    );
  });

  test("result", ({ expect }) => {
    expect(DeleteResultSchema.parse({ deleted: 0 })).toEqual({ deleted: 0 });
    expect(issueOf(DeleteResultSchema, { deleted: "1" })).toBe(
      "deleted: Invalid input: expected number, received string",
    );
  });
});

describe("namespaces and plain results", () => {
  test("list-namespaces, Success, rename-namespace", ({ expect }) => {
    expect(ListNamespacesResultSchema.parse(["", "ns0", "ns1"])).toEqual(["", "ns0", "ns1"]);
    expect(SuccessResultSchema.parse("Success")).toBe("Success");
    expect(SuccessResultSchema.safeParse("OK").success).toBe(false);
    expect(RenameNamespaceRequestSchema.parse({ namespace: "a", newNamespace: "b" })).toEqual({
      namespace: "a",
      newNamespace: "b",
      deleteExisting: false,
    });
    expect(issueOf(RenameNamespaceRequestSchema, { namespace: "a" })).toBe(
      "newNamespace is required",
    );
  });

  test("the envelope requires result", ({ expect }) => {
    const envelope = wrapVectorResult(SuccessResultSchema);
    expect(envelope.parse({ result: "Success" })).toEqual({ result: "Success" });
    expect(issueOf(envelope, {})).toBe("result is required");
  });
});
