/**
 * JSON bodies of the vector REST interface (`spec/vector-rest-wire.md` §2): request bodies of every
 * endpoint, the `result` payloads, and the `{"result": …}` envelope.
 *
 * Request schemas accept what clients send (numeric ids, the SDK's defaults left out) and give the
 * emulator a normalised value: ids become strings and documented defaults are filled in. Response
 * schemas never add a key: optional fields that are absent stay absent (§1.4).
 *
 * The vector interface answers every validation failure with 422, because the PHP client treats
 * only 422 and 5xx as errors (§1.3); routes map a failed parse here to 422, not 400.
 */
import { z } from "zod";

/** Similarity functions of a dense index (`spec/vector-rest-wire.md` §4.1). */
export const SimilarityFunctionSchema = z.enum(["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]);

/** A similarity function. */
export type SimilarityFunction = z.output<typeof SimilarityFunctionSchema>;

/** Index types: which vectors the records of an index carry. */
export const IndexTypeSchema = z.enum(["DENSE", "SPARSE", "HYBRID"]);

/** An index type. */
export type IndexType = z.output<typeof IndexTypeSchema>;

/** Weighting of the sparse part of a query; `IDF` is the only one, and absence means none. */
export const WeightingStrategySchema = z.enum(["IDF"]);

/** A weighting strategy. */
export type WeightingStrategy = z.output<typeof WeightingStrategySchema>;

/** How a hybrid query fuses its dense and sparse results (§4.3); `RRF` is the default. */
export const FusionAlgorithmSchema = z.enum(["RRF", "DBSF"]);

/** A fusion algorithm. */
export type FusionAlgorithm = z.output<typeof FusionAlgorithmSchema>;

/** Which embeddings a data query on a hybrid index with models uses; `HYBRID` is the default. */
export const QueryModeSchema = z.enum(["HYBRID", "DENSE", "SPARSE"]);

/** A query mode. */
export type QueryMode = z.output<typeof QueryModeSchema>;

/** How `update` applies `metadata`: replace it (`OVERWRITE`, the default) or merge-patch it (RFC 7396). */
export const MetadataUpdateModeSchema = z.enum(["OVERWRITE", "PATCH"]);

/** A metadata update mode. */
export type MetadataUpdateMode = z.output<typeof MetadataUpdateModeSchema>;

/** Dense embedding models, as spelled by `info` and the management API (§6.1). */
export const DenseEmbeddingModelSchema = z.enum([
  "BGE_SMALL_EN_V1_5",
  "BGE_BASE_EN_V1_5",
  "BGE_LARGE_EN_V1_5",
  "BGE_M3",
]);

/** A dense embedding model. */
export type DenseEmbeddingModel = z.output<typeof DenseEmbeddingModelSchema>;

/** Sparse embedding models (§6.1). */
export const SparseEmbeddingModelSchema = z.enum(["BM25", "BGE_M3"]);

/** A sparse embedding model. */
export type SparseEmbeddingModel = z.output<typeof SparseEmbeddingModelSchema>;

/** The vector dimension of each dense embedding model (`spec/vector-rest-wire.md` §6.1). */
export const DENSE_EMBEDDING_MODEL_DIMENSIONS = {
  BGE_SMALL_EN_V1_5: 384,
  BGE_BASE_EN_V1_5: 768,
  BGE_LARGE_EN_V1_5: 1024,
  BGE_M3: 1024,
} as const satisfies Record<DenseEmbeddingModel, number>;

/** Limits of the vector interface that the wire shapes mirror (`spec/vector-rest-wire.md` §2.15). */
export const VectorLimits = {
  /** Non-zero entries of one sparse vector. */
  MAX_SPARSE_ENTRIES: 1000,
  /** Records a fetch by `prefix` returns. */
  MAX_PREFIX_FETCH_RECORDS: 1000,
  /** Idle time after which a resumable query is dropped, unless `maxIdle` says otherwise. */
  DEFAULT_MAX_IDLE_SECONDS: 3600,
  /** `topK` when a query names none (the docs' default; the SDK always sends it). */
  DEFAULT_TOP_K: 10,
  /** Metadata of one record, serialised as JSON. */
  MAX_METADATA_BYTES: 48 * 1024,
  /** Data of one record. */
  MAX_DATA_BYTES: 1024 * 1024,
  /** The largest dense dimension (the pro plan's; free allows 1536, pay-as-you-go 3072). */
  MAX_DIMENSION: 5376,
} as const;

// Service wording (`spec/vector-rest-wire.md` §5).
const ONE_OF_IDS_OR_PREFIX = "Only one of ids or prefix must be provided.";
// Service wording (`spec/vector-rest-wire.md` §5).
const ONE_OF_DELETE_CRITERIA = "Only and only one of the ids, prefix, or filter must be provided.";

/**
 * A vector id in a request. Numeric ids (`id: 1`) are accepted and become strings (`"1"`), as the
 * service does (§1.4).
 */
export const VectorIdSchema = z
  .union([z.string(), z.number()], { error: "vector ids must be strings or numbers" })
  .transform(String);

/** A vector id as sent: a string or a number. */
export type VectorIdInput = z.input<typeof VectorIdSchema>;

/** A dense vector: one float32 component per dimension. Its length is checked against the index. */
export const DenseVectorSchema = z.array(z.number());

/** A dense vector. */
export type DenseVector = z.output<typeof DenseVectorSchema>;

/**
 * A sparse vector: the int32 `indices` of its non-zero dimensions and their float32 `values`. Both
 * arrays have the same length, at most 1000 entries, and the indices are distinct (duplicates are
 * refused; emulator choice, §7).
 */
export const SparseVectorSchema = z
  .object({
    /** Indices of the non-zero dimensions. */
    indices: z.array(z.int32()),
    /** Values of those dimensions, in the same order. */
    values: z.array(z.number()),
  })
  .superRefine((sparse, context) => {
    if (sparse.indices.length !== sparse.values.length) {
      context.addIssue({
        code: "custom",
        path: ["values"],
        message: `sparse vector has ${sparse.indices.length} indices but ${sparse.values.length} values`,
      });
    } else if (sparse.indices.length > VectorLimits.MAX_SPARSE_ENTRIES) {
      context.addIssue({
        code: "custom",
        path: ["indices"],
        message: `sparse vector has ${sparse.indices.length} entries; at most ${VectorLimits.MAX_SPARSE_ENTRIES} are allowed`,
      });
    } else if (new Set(sparse.indices).size !== sparse.indices.length) {
      context.addIssue({
        code: "custom",
        path: ["indices"],
        message: "sparse vector indices must be distinct",
      });
    }
  });

/** A sparse vector `{ indices, values }`. */
export type SparseVector = z.output<typeof SparseVectorSchema>;

/** Record metadata: any JSON object. It is what filters read. */
export const MetadataSchema = z.record(z.string(), z.unknown());

/** Record metadata. */
export type Metadata = z.output<typeof MetadataSchema>;

/**
 * A stored vector as the service returns it (fetch, range, random). `vector`, `sparseVector`,
 * `metadata` and `data` are present only when requested and set; they are never `null` (§1.4).
 */
export const StoredVectorSchema = z.object({
  /** The vector id; always a string in responses. */
  id: z.string(),
  /** The dense value, for dense and hybrid indexes. */
  vector: DenseVectorSchema.optional(),
  /** The sparse value, for sparse and hybrid indexes. */
  sparseVector: SparseVectorSchema.optional(),
  /** The metadata, if any. */
  metadata: MetadataSchema.optional(),
  /** The unstructured data, if any. */
  data: z.string().optional(),
});

/** A stored vector. */
export type StoredVector = z.output<typeof StoredVectorSchema>;

/** A query hit: a stored vector with its `score` (higher is more similar; §4). */
export const ScoredVectorSchema = StoredVectorSchema.extend({
  /** The similarity score. Dense scores lie in [0, 1]; sparse and hybrid ones are unbounded. */
  score: z.number(),
});

/** A query hit. */
export type ScoredVector = z.output<typeof ScoredVectorSchema>;

/** The include flags of reads; each defaults to `false`. */
const includeFlagsShape = {
  /** Return `metadata`. @default false */
  includeMetadata: z.boolean().default(false),
  /** Return `vector` and/or `sparseVector`, as the index type has them. @default false */
  includeVectors: z.boolean().default(false),
  /** Return `data`. @default false */
  includeData: z.boolean().default(false),
};

// ---------------------------------------------------------------------------------------------
// upsert, upsert-data, update
// ---------------------------------------------------------------------------------------------

/**
 * One record of `upsert` (§2.1). At least one of `vector` and `sparseVector` is required; which
 * ones the index needs (dense, sparse or both) is checked against the index, with 422.
 */
export const UpsertVectorSchema = z
  .object({
    /** The record id. */
    id: VectorIdSchema,
    /** The dense value; its length must equal the index dimension. */
    vector: DenseVectorSchema.optional(),
    /** The sparse value. */
    sparseVector: SparseVectorSchema.optional(),
    /** Metadata; replaces the stored metadata, and its absence removes it. */
    metadata: MetadataSchema.optional(),
    /** Data, stored as is (not embedded by this endpoint). */
    data: z.string().optional(),
  })
  .superRefine(requireDenseOrSparse);

/** An `upsert` record as sent. */
export type UpsertVectorInput = z.input<typeof UpsertVectorSchema>;

/** An `upsert` record as read, with a string id. */
export type UpsertVector = z.output<typeof UpsertVectorSchema>;

/**
 * The body of `upsert[/{ns}]`: one record or an array of records. One invalid record fails the
 * whole request.
 */
export const UpsertRequestSchema = z.union([UpsertVectorSchema, z.array(UpsertVectorSchema)]);

/** An `upsert` body as sent. */
export type UpsertRequestInput = z.input<typeof UpsertRequestSchema>;

/** An `upsert` body as read. */
export type UpsertRequest = z.output<typeof UpsertRequestSchema>;

/** One record of `upsert-data` (§2.2): `data` is required and is embedded by the index's models. */
export const UpsertDataSchema = z.object({
  /** The record id. */
  id: VectorIdSchema,
  /** The text to embed, also kept as the record's data. */
  data: z.string(),
  /** Metadata. */
  metadata: MetadataSchema.optional(),
});

/** An `upsert-data` record as sent. */
export type UpsertDataInput = z.input<typeof UpsertDataSchema>;

/** An `upsert-data` record as read. */
export type UpsertData = z.output<typeof UpsertDataSchema>;

/** The body of `upsert-data[/{ns}]`: one record or an array of records. */
export const UpsertDataRequestSchema = z.union([UpsertDataSchema, z.array(UpsertDataSchema)]);

/** An `upsert-data` body as sent. */
export type UpsertDataRequestInput = z.input<typeof UpsertDataRequestSchema>;

/** An `upsert-data` body as read. */
export type UpsertDataRequest = z.output<typeof UpsertDataRequestSchema>;

/**
 * The body of `update[/{ns}]` (§2.3): any combination of fields. On a hybrid index `vector` and
 * `sparseVector` come together or not at all (checked against the index).
 */
export const UpdateRequestSchema = z.object({
  /** The id of the record to update; a missing id is not an error (`{updated: 0}`). */
  id: VectorIdSchema,
  /** A new dense value. */
  vector: DenseVectorSchema.optional(),
  /** A new sparse value. */
  sparseVector: SparseVectorSchema.optional(),
  /** New data; on an index with a model it is re-embedded and replaces the vectors too. */
  data: z.string().optional(),
  /** New metadata, applied per `metadataUpdateMode`; with `PATCH`, `null` deletes a key. */
  metadata: MetadataSchema.optional(),
  /** How `metadata` is applied. @default "OVERWRITE" */
  metadataUpdateMode: MetadataUpdateModeSchema.default("OVERWRITE"),
});

/** An `update` body as sent. */
export type UpdateRequestInput = z.input<typeof UpdateRequestSchema>;

/** An `update` body as read: string id, `metadataUpdateMode` set. */
export type UpdateRequest = z.output<typeof UpdateRequestSchema>;

/** The result of `update`: `{updated: 1}`, or `{updated: 0}` when the id does not exist. */
export const UpdateResultSchema = z.object({
  /** How many records were updated: 0 or 1. */
  updated: z.int().nonnegative(),
});

/** The result of `update`. */
export type UpdateResult = z.output<typeof UpdateResultSchema>;

// ---------------------------------------------------------------------------------------------
// query, query-data, resumable query
// ---------------------------------------------------------------------------------------------

/** Options shared by every query form (§2.4). */
const queryOptionsShape = {
  /** How many hits to return at most. @default 10 */
  topK: z.int().positive().default(VectorLimits.DEFAULT_TOP_K),
  /** A metadata filter (§3); `""` means no filter. @default "" */
  filter: z.string().default(""),
  ...includeFlagsShape,
  /** Weighting of the sparse part; absent means none. */
  weightingStrategy: WeightingStrategySchema.optional(),
  /** Fusion of hybrid results, used only when both parts are queried. @default "RRF" */
  fusionAlgorithm: FusionAlgorithmSchema.default("RRF"),
};

/** The query vectors of `query` and `resumable-query`: at least one of the two. */
const vectorQueryShape = {
  /** The dense query vector. */
  vector: DenseVectorSchema.optional(),
  /** The sparse query vector. */
  sparseVector: SparseVectorSchema.optional(),
  ...queryOptionsShape,
  /** Only meaningful for data queries; accepted and ignored here. */
  queryMode: QueryModeSchema.optional(),
};

/** The text query of `query-data` and `resumable-query-data`. */
const dataQueryShape = {
  /** The text to embed and search with. */
  data: z.string(),
  ...queryOptionsShape,
  /** Which embeddings to use on a hybrid index with models. @default "HYBRID" */
  queryMode: QueryModeSchema.default("HYBRID"),
};

/** One query of `query[/{ns}]` (§2.4): `vector`, `sparseVector` or both, plus options. */
export const QueryRequestSchema = z.object(vectorQueryShape).superRefine(requireDenseOrSparse);

/** A query as sent. */
export type QueryRequestInput = z.input<typeof QueryRequestSchema>;

/** A query as read, with every default filled in. */
export type QueryRequest = z.output<typeof QueryRequestSchema>;

/**
 * The body of `query[/{ns}]`: one query, or an array of queries ("query many"). A batch of more
 * than one query is answered with an array of arrays; a batch of exactly one with a flat array.
 */
export const QueryBodySchema = z.union([QueryRequestSchema, z.array(QueryRequestSchema)]);

/** A `query` body as sent. */
export type QueryBodyInput = z.input<typeof QueryBodySchema>;

/** A `query` body as read. */
export type QueryBody = z.output<typeof QueryBodySchema>;

/** One query of `query-data[/{ns}]` (§2.5): `data` replaces the query vectors. */
export const QueryDataRequestSchema = z.object(dataQueryShape);

/** A data query as sent. */
export type QueryDataRequestInput = z.input<typeof QueryDataRequestSchema>;

/** A data query as read, with every default filled in. */
export type QueryDataRequest = z.output<typeof QueryDataRequestSchema>;

/** The body of `query-data[/{ns}]`: one data query or an array of them. */
export const QueryDataBodySchema = z.union([
  QueryDataRequestSchema,
  z.array(QueryDataRequestSchema),
]);

/** A `query-data` body as sent. */
export type QueryDataBodyInput = z.input<typeof QueryDataBodySchema>;

/** A `query-data` body as read. */
export type QueryDataBody = z.output<typeof QueryDataBodySchema>;

/** The result of one query: hits sorted by score, high to low, at most `topK` of them. */
export const QueryResultSchema = z.array(ScoredVectorSchema);

/** The result of one query. */
export type QueryResult = z.output<typeof QueryResultSchema>;

/** The result of a batch of more than one query: one hit list per query, in order. */
export const QueryBatchResultSchema = z.array(QueryResultSchema);

/** The result of a batch query. */
export type QueryBatchResult = z.output<typeof QueryBatchResultSchema>;

/** How long an idle resumable query lives, in seconds. @default 3600 */
const maxIdleSchema = z.number().positive().default(VectorLimits.DEFAULT_MAX_IDLE_SECONDS);

/** The body of `resumable-query[/{ns}]` (§2.6): one vector query plus `maxIdle`. */
export const ResumableQueryRequestSchema = z
  .object({ ...vectorQueryShape, maxIdle: maxIdleSchema })
  .superRefine(requireDenseOrSparse);

/** A resumable query start as sent. */
export type ResumableQueryRequestInput = z.input<typeof ResumableQueryRequestSchema>;

/** A resumable query start as read. */
export type ResumableQueryRequest = z.output<typeof ResumableQueryRequestSchema>;

/** The body of `resumable-query-data[/{ns}]`: one data query plus `maxIdle`. */
export const ResumableQueryDataRequestSchema = z.object({
  ...dataQueryShape,
  maxIdle: maxIdleSchema,
});

/** A resumable data query start as sent. */
export type ResumableQueryDataRequestInput = z.input<typeof ResumableQueryDataRequestSchema>;

/** A resumable data query start as read. */
export type ResumableQueryDataRequest = z.output<typeof ResumableQueryDataRequestSchema>;

/** The result of a resumable query start: its `uuid` and the first `topK` hits. */
export const ResumableQueryStartResultSchema = z.object({
  /** The handle of the query, for `next` and `end`. */
  uuid: z.string(),
  /** The first hits. */
  scores: QueryResultSchema,
});

/** The result of a resumable query start. */
export type ResumableQueryStartResult = z.output<typeof ResumableQueryStartResultSchema>;

/**
 * The body of `resumable-query-next` (never namespaced). The result is the next `additionalK` hits
 * not yet returned ({@link QueryResultSchema}).
 */
export const ResumableQueryNextRequestSchema = z.object({
  /** The handle returned by the start. */
  uuid: z.string().min(1),
  /** How many more hits to return. */
  additionalK: z.int().positive(),
});

/** A `resumable-query-next` body. */
export type ResumableQueryNextRequest = z.output<typeof ResumableQueryNextRequestSchema>;

/** The body of `resumable-query-end` (never namespaced); the result is `"Success"`. */
export const ResumableQueryEndRequestSchema = z.object({
  /** The handle returned by the start. */
  uuid: z.string().min(1),
});

/** A `resumable-query-end` body. */
export type ResumableQueryEndRequest = z.output<typeof ResumableQueryEndRequestSchema>;

// ---------------------------------------------------------------------------------------------
// fetch, range, delete, namespaces, info
// ---------------------------------------------------------------------------------------------

/**
 * The body of `fetch[/{ns}]` (§2.8): `ids` or `prefix`, not both, plus include flags. With `ids`
 * the result follows their order, `null` for unknown ids; with `prefix` it has at most 1000
 * records.
 */
export const FetchRequestSchema = z
  .object({
    /** The ids to fetch. */
    ids: z.array(VectorIdSchema).optional(),
    /** Fetch every record whose id starts with this. */
    prefix: z.string().optional(),
    ...includeFlagsShape,
  })
  .superRefine((request, context) => {
    if (request.ids !== undefined && request.prefix !== undefined) {
      context.addIssue({ code: "custom", path: [], message: ONE_OF_IDS_OR_PREFIX });
    } else if (request.ids === undefined && request.prefix === undefined) {
      // Emulator choice: the SDK always sends one of the two.
      context.addIssue({ code: "custom", path: ["ids"], message: "ids or prefix is required" });
    }
  });

/** A `fetch` body as sent. */
export type FetchRequestInput = z.input<typeof FetchRequestSchema>;

/** A `fetch` body as read. */
export type FetchRequest = z.output<typeof FetchRequestSchema>;

/** The result of `fetch`: stored vectors, with `null` in place of unknown ids. */
export const FetchResultSchema = z.array(StoredVectorSchema.nullable());

/** The result of `fetch`. */
export type FetchResult = z.output<typeof FetchResultSchema>;

/**
 * The body of `range[/{ns}]` (§2.7). `cursor` is a position (`"0"`, `0` or `""` is the start) and
 * becomes a string; `limit` must be above 0.
 */
export const RangeRequestSchema = z.object({
  /** Where to continue: the previous page's `nextCursor`. */
  cursor: z
    .union([z.string(), z.number()], { error: "cursor must be a string or a number" })
    .transform(String),
  /** The page size. */
  limit: z.int().positive(),
  /** Only records whose id starts with this. */
  prefix: z.string().optional(),
  ...includeFlagsShape,
});

/** A `range` body as sent. */
export type RangeRequestInput = z.input<typeof RangeRequestSchema>;

/** A `range` body as read. */
export type RangeRequest = z.output<typeof RangeRequestSchema>;

/** The result of `range`: a page of records in insertion order and the cursor of the next page. */
export const RangeResultSchema = z.object({
  /** The next page's cursor; `""` if and only if nothing follows. */
  nextCursor: z.string(),
  /** The records of this page. */
  vectors: z.array(StoredVectorSchema),
});

/** The result of `range`. */
export type RangeResult = z.output<typeof RangeResultSchema>;

// The criteria of a delete; exactly one must be given.
const deleteCriteriaSchema = z.object({
  /** The ids to delete. */
  ids: z.array(VectorIdSchema).optional(),
  /** Delete every record whose id starts with this. */
  prefix: z.string().optional(),
  /** Delete every record the filter matches. */
  filter: z.string().optional(),
});

type DeleteCriteria = z.output<typeof deleteCriteriaSchema>;

/**
 * The body of `delete[/{ns}]` (§2.9): `{ids}`, `{prefix}` or `{filter}`, exactly one of them. The
 * bare id or array of ids that older SDKs sent is read as `{ids}`.
 */
export const DeleteRequestSchema = z
  .union([
    deleteCriteriaSchema,
    VectorIdSchema.transform((id): DeleteCriteria => ({ ids: [id] })),
    z.array(VectorIdSchema).transform((ids): DeleteCriteria => ({ ids })),
  ])
  .superRefine((request, context) => {
    const given = [request.ids, request.prefix, request.filter].filter((c) => c !== undefined);
    if (given.length !== 1) {
      context.addIssue({ code: "custom", path: [], message: ONE_OF_DELETE_CRITERIA });
    }
  });

/** A `delete` body as sent. */
export type DeleteRequestInput = z.input<typeof DeleteRequestSchema>;

/** A `delete` body as read: an object with exactly one of `ids`, `prefix` and `filter`. */
export type DeleteRequest = z.output<typeof DeleteRequestSchema>;

/** The result of `delete`: how many records were removed. */
export const DeleteResultSchema = z.object({
  /** Records removed; deleting the same ids again gives 0. */
  deleted: z.int().nonnegative(),
});

/** The result of `delete`. */
export type DeleteResult = z.output<typeof DeleteResultSchema>;

/**
 * The result of `upsert`, `upsert-data`, `reset`, `delete-namespace` and `resumable-query-end`.
 */
export const SuccessResultSchema = z.literal("Success");

/** The `"Success"` result. */
export type SuccessResult = z.output<typeof SuccessResultSchema>;

/** The result of `list-namespaces`: every namespace, the default `""` included. */
export const ListNamespacesResultSchema = z.array(z.string());

/** The result of `list-namespaces`. */
export type ListNamespacesResult = z.output<typeof ListNamespacesResultSchema>;

/** The body of `rename-namespace` (§2.14); the result is {@link RenameNamespaceResultSchema}. */
export const RenameNamespaceRequestSchema = z.object({
  /** The namespace to rename; not the default `""`. */
  namespace: z.string(),
  /** Its new name, which must not exist unless `deleteExisting` is set. */
  newNamespace: z.string(),
  /** Replace an existing namespace of that name. @default false */
  deleteExisting: z.boolean().default(false),
});

/** A `rename-namespace` body as sent. */
export type RenameNamespaceRequestInput = z.input<typeof RenameNamespaceRequestSchema>;

/** A `rename-namespace` body as read. */
export type RenameNamespaceRequest = z.output<typeof RenameNamespaceRequestSchema>;

/** The result of `rename-namespace`: `{renamed: true}`. */
export const RenameNamespaceResultSchema = z.object({
  /** Whether the namespace was renamed. */
  renamed: z.boolean(),
});

/** The result of `rename-namespace`. */
export type RenameNamespaceResult = z.output<typeof RenameNamespaceResultSchema>;

/** The result of `random[/{ns}]`: one record, or `null` when the namespace is empty. */
export const RandomResultSchema = StoredVectorSchema.nullable();

/** The result of `random`. */
export type RandomResult = z.output<typeof RandomResultSchema>;

/** Per-namespace counts in `info`. */
export const NamespaceInfoSchema = z.object({
  /** Ready vectors in the namespace. */
  vectorCount: z.int().nonnegative(),
  /** Vectors still processing; the emulator always reports 0. */
  pendingVectorCount: z.int().nonnegative(),
});

/** Per-namespace counts. */
export type NamespaceInfo = z.output<typeof NamespaceInfoSchema>;

/** The dense configuration in `info`, present for DENSE and HYBRID indexes. */
export const DenseIndexInfoSchema = z.object({
  /** Dimension of the dense vectors. */
  dimension: z.int().nonnegative(),
  /** The similarity function. */
  similarityFunction: SimilarityFunctionSchema,
  /** The model name, `""` when the index has none. */
  embeddingModel: z.string(),
});

/** The dense configuration of an index. */
export type DenseIndexInfo = z.output<typeof DenseIndexInfoSchema>;

/** The sparse configuration in `info`, present for SPARSE and HYBRID indexes. */
export const SparseIndexInfoSchema = z.object({
  /** The model name, `""` when the index has none. */
  embeddingModel: z.string(),
});

/** The sparse configuration of an index. */
export type SparseIndexInfo = z.output<typeof SparseIndexInfoSchema>;

/**
 * The result of `info` (§2.11). On a SPARSE index, top-level `dimension` and `similarityFunction`
 * are `0` and `"DOT_PRODUCT"` (emulator choice). The default namespace `""` is always listed.
 */
export const IndexInfoSchema = z.object({
  /** Ready vectors across all namespaces. */
  vectorCount: z.int().nonnegative(),
  /** Vectors still processing, across all namespaces. */
  pendingVectorCount: z.int().nonnegative(),
  /** Total index size in bytes. */
  indexSize: z.int().nonnegative(),
  /** Dimension of the dense vectors. */
  dimension: z.int().nonnegative(),
  /** The similarity function. */
  similarityFunction: SimilarityFunctionSchema,
  /** The index type. */
  indexType: IndexTypeSchema,
  /** Dense configuration (DENSE and HYBRID). */
  denseIndex: DenseIndexInfoSchema.optional(),
  /** Sparse configuration (SPARSE and HYBRID). */
  sparseIndex: SparseIndexInfoSchema.optional(),
  /** Namespace name → counts. */
  namespaces: z.record(z.string(), NamespaceInfoSchema),
});

/** The result of `info`. */
export type IndexInfo = z.output<typeof IndexInfoSchema>;

/**
 * The success envelope of every vector endpoint, `{"result": <value>}`, around a result schema.
 * `result` must be present (the SDK throws otherwise).
 *
 * @example
 * const InfoResponseSchema = wrapVectorResult(IndexInfoSchema);
 */
export function wrapVectorResult<TResult extends z.ZodType>(
  result: TResult,
): z.ZodObject<{ result: TResult }> {
  return z.object({ result });
}

// Upsert records and queries need a dense or a sparse vector (or both, for hybrid indexes).
function requireDenseOrSparse<
  TValue extends { readonly vector?: unknown; readonly sparseVector?: unknown },
>(value: TValue, context: z.core.$RefinementCtx<TValue>): void {
  if (value.vector === undefined && value.sparseVector === undefined) {
    context.addIssue({
      code: "custom",
      path: ["vector"],
      message: "vector or sparseVector is required",
    });
  }
}
