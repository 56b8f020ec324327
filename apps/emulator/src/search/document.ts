/**
 * How a search document (search-wire.md §2.1) lives in a vector record: the record's metadata is
 * `{ content, metadata? }`, so one vector filter evaluation sees both (`filter.ts` maps bare paths
 * onto `content` and `@metadata.` paths onto `metadata`); the record's vectors are the embeddings
 * of {@link documentText}. Nothing else is stored, so the vector store, its journal and its
 * snapshots hold search databases unchanged.
 */
import { validationError } from "../vector/errors.ts";
import { VectorLimits } from "../vector/limits.ts";

export type JsonObject = Record<string, unknown>;

/** A document as it goes over the wire: fetch, range and search hits (the last with `score`). */
export interface DocumentJson {
  id: string;
  content?: JsonObject;
  metadata?: JsonObject;
  score?: number;
  vector?: number[];
  sparseVector?: { indices: number[]; values: number[] };
}

/** The metadata a record stores for a document. */
export interface StoredDocument {
  readonly content: JsonObject;
  readonly metadata?: JsonObject;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `content` of an upserted document: a JSON object, required (§3.1). */
export function parseContent(value: unknown): JsonObject {
  if (!isJsonObject(value)) {
    throw validationError("Invalid request: content is required and must be a JSON object.");
  }
  if (JSON.stringify(value).length > VectorLimits.MAX_DATA_BYTES) {
    throw validationError("Invalid request: content is larger than 1 MB.");
  }
  return value;
}

/**
 * The text a document is embedded from (search-wire.md §5, emulator choice): the string, number
 * and boolean values of `content` in key order, depth first, joined by spaces. Keys are not
 * text: a field named `title` does not make every document match the query "title".
 */
export function documentText(content: unknown): string {
  const parts: string[] = [];
  collectText(content, parts);
  return parts.join(" ");
}

function collectText(value: unknown, parts: string[]): void {
  if (typeof value === "string") {
    parts.push(value);
  } else if (typeof value === "number" || typeof value === "boolean") {
    parts.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) {
      collectText(item, parts);
    }
  } else if (isJsonObject(value)) {
    for (const item of Object.values(value)) {
      collectText(item, parts);
    }
  }
}

/** The stored document of a record's metadata; records not written by search read as empty. */
export function storedDocument(metadata: unknown): StoredDocument {
  if (!isJsonObject(metadata) || !isJsonObject(metadata["content"])) {
    return { content: {} };
  }
  const inner = metadata["metadata"];
  return isJsonObject(inner)
    ? { content: metadata["content"], metadata: inner }
    : { content: metadata["content"] };
}

/** What a read returns of a document: `content` with `includeData`, `metadata` with `includeMetadata`. */
export interface DocumentIncludes {
  readonly includeData: boolean;
  readonly includeMetadata: boolean;
}

/**
 * A vector record's JSON (read with its metadata) as a document: `data` and the stored layout are
 * replaced by `content` and `metadata`, the keys the SDK reads (§3.3).
 */
export function toDocumentJson(
  record: {
    readonly id: string;
    readonly score?: number | undefined;
    readonly metadata?: unknown;
    readonly vector?: number[] | undefined;
    readonly sparseVector?: { indices: number[]; values: number[] } | undefined;
  },
  includes: DocumentIncludes,
): DocumentJson {
  const stored = storedDocument(record.metadata);
  const out: DocumentJson = { id: record.id };
  if (includes.includeData) {
    out.content = stored.content;
  }
  if (includes.includeMetadata && stored.metadata !== undefined) {
    out.metadata = stored.metadata;
  }
  if (record.score !== undefined) {
    out.score = record.score;
  }
  if (record.vector !== undefined) {
    out.vector = record.vector;
  }
  if (record.sparseVector !== undefined) {
    out.sparseVector = record.sparseVector;
  }
  return out;
}
