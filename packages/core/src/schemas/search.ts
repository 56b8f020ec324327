/**
 * JSON bodies of the search REST interface (`spec/search-wire.md` §3): documents, the two
 * search-only endpoints (`upsert-data/{index}`, `search/{index}`) and the document-shaped results
 * of the vector endpoints the SDK routes through (`fetch`, `range`). `delete`, `reset`, `info` and
 * `list-namespaces` use the vector schemas unchanged.
 */
import { z } from "zod";
import { MetadataSchema, VectorIdSchema } from "./vector.ts";

/** `semanticWeight` when absent or `null` (§3.2). */
export const DEFAULT_SEMANTIC_WEIGHT = 0.75;

/** The SDK's `limit` when absent, sent as `topK` (§3.2). */
export const DEFAULT_SEARCH_TOP_K = 5;

/** The SDK's text for a `semanticWeight` outside 0..1, which the server answers with too. */
export const SEMANTIC_WEIGHT_MESSAGE = "semanticWeight must be between 0 and 1";

/** A document's `content`: any JSON object, every field searchable and filterable (§2.1). */
export const DocumentContentSchema = z.record(z.string(), z.unknown());

/** A document to upsert (§3.1). */
export const SearchDocumentSchema = z.object({
  /** The document id; numbers become strings. */
  id: VectorIdSchema,
  /** What is searched and filtered by bare field names. */
  content: DocumentContentSchema,
  /** Only filtered, as `@metadata.<field>`; never searched. */
  metadata: MetadataSchema.optional(),
});

/** A document as sent. */
export type SearchDocumentInput = z.input<typeof SearchDocumentSchema>;

/** The body of `upsert-data/{index}`: one document or many (the SDK always sends an array). */
export const SearchUpsertRequestSchema = z.union([
  SearchDocumentSchema,
  z.array(SearchDocumentSchema),
]);

/** An `upsert-data/{index}` body as sent. */
export type SearchUpsertRequestInput = z.input<typeof SearchUpsertRequestSchema>;

/** The body of `search/{index}` (§3.2). */
export const SearchRequestSchema = z.object({
  /** The query text. */
  query: z.string(),
  /** The most results. */
  topK: z.int().positive().max(1000).default(DEFAULT_SEARCH_TOP_K),
  /** Return `content`. */
  includeData: z.boolean().optional(),
  /** Return `metadata`. */
  includeMetadata: z.boolean().optional(),
  /** A filter over content fields and `@metadata.` fields (§4). */
  filter: z.string().optional(),
  /** The advanced re-ranker. */
  reranking: z.boolean().optional(),
  /** Weight of semantic against full-text search, 0..1. */
  semanticWeight: z
    .number()
    .min(0, { error: SEMANTIC_WEIGHT_MESSAGE })
    .max(1, { error: SEMANTIC_WEIGHT_MESSAGE })
    .nullish(),
  /** Query enrichment by a language model. */
  inputEnrichment: z.boolean().optional(),
  /** Search with the original query alongside the enriched one. */
  // biome-ignore lint/style/useNamingConvention: the SDK's wire name, leading underscore included.
  _appendOriginalInputToEnrichmentResult: z.boolean().optional(),
});

/** A `search/{index}` body as sent. */
export type SearchRequestInput = z.input<typeof SearchRequestSchema>;

/** A document as fetch and range return it; `content` and `metadata` only when set and asked. */
export const StoredDocumentSchema = z.object({
  id: z.string(),
  content: DocumentContentSchema.optional(),
  metadata: MetadataSchema.optional(),
});

/** A stored document. */
export type StoredDocument = z.output<typeof StoredDocumentSchema>;

/** A search hit: a document and its score, 0..1, best first. */
export const SearchHitSchema = StoredDocumentSchema.extend({ score: z.number() });

/** A search hit. */
export type SearchHit = z.output<typeof SearchHitSchema>;

/** The result of `search/{index}`. */
export const SearchResultSchema = z.array(SearchHitSchema);

/** The result of `fetch/{index}`: one slot per id, `null` for an unknown one. */
export const DocumentFetchResultSchema = z.array(StoredDocumentSchema.nullable());

/** The result of `range/{index}`: documents under the vector key `vectors`. */
export const DocumentRangeResultSchema = z.object({
  nextCursor: z.string(),
  vectors: z.array(StoredDocumentSchema),
});

/** The result of `range/{index}`. */
export type DocumentRangeResult = z.output<typeof DocumentRangeResultSchema>;
