/**
 * The commands of a search database (search-wire.md §3, §7): the two search-only ones,
 * `upsert-data/{index}` and `search/{index}`, and the vector commands the SDK routes through
 * `@upstash/vector`, answering documents (`content`, `metadata`) instead of vector records. They
 * have the vector command table's shape, so `VectorService.execute` runs them with the vector
 * store's durability; every write goes through `VectorIndex`, which journals it.
 */
import {
  DEFAULT_SEARCH_TOP_K,
  DEFAULT_SEMANTIC_WEIGHT,
  SEMANTIC_WEIGHT_MESSAGE,
} from "@stratus/core/schemas";
import {
  type CommandContext,
  type CommandOutcome,
  deleteByCriteria,
  resetNamespaces,
  type VectorCommand,
} from "../vector/commands.ts";
import { VectorMessages, validationError } from "../vector/errors.ts";
import { VectorLimits } from "../vector/limits.ts";
import type { RecordInput } from "../vector/namespace-store.ts";
import {
  expectObject,
  type Includes,
  type JsonObject,
  parseBoolean,
  parseCount,
  parseId,
  parseIds,
  parseIncludes,
  parseMetadata,
  parseOptionalString,
} from "../vector/request.ts";
import type { VectorOperation } from "../vector/types.ts";
import { DEFAULT_NAMESPACE } from "../vector/vector-index.ts";
import { type DocumentJson, documentText, parseContent, toDocumentJson } from "./document.ts";
import { translateSearchFilter } from "./filter.ts";
import { hybridSearch } from "./hybrid-search.ts";
import { checkDocumentSize, checkIndexCount } from "./limits.ts";

const SUCCESS = "Success";

/** Whether a command takes the `/{index}` path segment: always, optionally, or never. */
export type IndexSegment = "required" | "optional" | "none";

/** A search command: the vector command's shape, plus how it takes an index in the path. */
export interface SearchCommand extends VectorCommand {
  readonly index: IndexSegment;
  run(context: CommandContext): SearchOutcome;
}

/** A command's outcome; a re-ranked search also says how many documents it re-ranked. */
export interface SearchOutcome extends CommandOutcome {
  readonly reranked?: { readonly count: number; readonly latencyMs: number } | undefined;
}

function asList(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

function upsertDocuments({ index, namespace, body }: CommandContext): CommandOutcome {
  checkIndexCount(index, namespace);
  const records: RecordInput[] = asList(body).map((item) => {
    const object = expectObject(item, "each document");
    const id = parseId(object["id"]);
    const content = parseContent(object["content"]);
    const metadata = parseMetadata(object["metadata"]);
    const text = documentText(content);
    checkDocumentSize(id, text);
    return {
      id,
      ...index.embedRecord(text),
      metadata: metadata === undefined ? { content } : { content, metadata },
    };
  });
  index.upsert(namespace, records);
  return { result: SUCCESS, count: records.length };
}

function parseSemanticWeight(value: unknown): number {
  if (value === undefined || value === null) {
    return DEFAULT_SEMANTIC_WEIGHT;
  }
  if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
    throw validationError(SEMANTIC_WEIGHT_MESSAGE);
  }
  return value;
}

function search({ index, namespace, body }: CommandContext): SearchOutcome {
  const object = expectObject(body, "the search");
  const query = object["query"];
  if (typeof query !== "string") {
    throw validationError("Invalid request: query is required and must be a string.");
  }
  const includes: Includes = {
    includeData:
      object["includeData"] === undefined || parseBoolean(object["includeData"], "includeData"),
    includeMetadata:
      object["includeMetadata"] === undefined ||
      parseBoolean(object["includeMetadata"], "includeMetadata"),
    // Hits are documents: vectors are not part of the search interface.
    includeVectors: false,
  };
  const topK = parseCount(object["topK"], "topK", {
    fallback: DEFAULT_SEARCH_TOP_K,
    max: VectorLimits.MAX_TOP_K,
  });
  const filter = translateSearchFilter(parseOptionalString(object["filter"], "filter") ?? "");
  // Accepted and checked; input enrichment needs a language model, which an offline emulator
  // has none of, so the literal query is searched (documented as a no-op).
  parseBoolean(object["inputEnrichment"], "inputEnrichment");
  parseBoolean(
    object["_appendOriginalInputToEnrichmentResult"],
    "_appendOriginalInputToEnrichmentResult",
  );
  const semanticWeight = parseSemanticWeight(object["semanticWeight"]);
  const reranking = parseBoolean(object["reranking"], "reranking");
  const { hits, reranked } = hybridSearch(index, namespace, {
    query,
    topK,
    semanticWeight,
    reranking,
    filter,
  });
  const result = hits.map(({ record, score }) =>
    toDocumentJson({ id: record.id, score, metadata: record.metadata }, includes),
  );
  return { result, count: 1, reranked };
}

/** Reads with the stored metadata (the document), and vectors only when asked. */
function storedIncludes(includes: Includes): Includes {
  return { includeData: false, includeMetadata: true, includeVectors: includes.includeVectors };
}

function fetchDocuments({ index, namespace, body }: CommandContext): CommandOutcome {
  const object: JsonObject = Array.isArray(body) ? { ids: body } : expectObject(body, "the fetch");
  const includes = parseIncludes(object);
  const hasIds = object["ids"] !== undefined && object["ids"] !== null;
  const hasPrefix = object["prefix"] !== undefined && object["prefix"] !== null;
  if (hasIds && hasPrefix) {
    throw validationError(VectorMessages.FETCH_ONE_CRITERION);
  }
  let records: ({ id: string } | null)[];
  if (hasPrefix) {
    const prefix = parseOptionalString(object["prefix"], "prefix") as string;
    records = index.fetchPrefix(namespace, prefix, storedIncludes(includes));
  } else if (hasIds) {
    records = index.fetchIds(namespace, parseIds(object["ids"]), storedIncludes(includes));
  } else {
    throw validationError("Invalid request: one of ids or prefix must be provided.");
  }
  const result = records.map((record) =>
    record === null ? null : toDocumentJson(record, includes),
  );
  return { result, count: result.filter((item) => item !== null).length };
}

/** A range cursor: `"0"`, `0` and `""` are the start (vector-rest-wire.md §2.7). */
function parseCursor(value: unknown): number {
  if (value === "" || value === undefined || value === null) {
    return 0;
  }
  const cursor = typeof value === "number" ? value : Number(value);
  if (
    (typeof value === "string" && !/^\d+$/.test(value)) ||
    !Number.isSafeInteger(cursor) ||
    cursor < 0
  ) {
    throw validationError(
      `Invalid request: cursor ${JSON.stringify(value)} is not a range cursor.`,
    );
  }
  return cursor;
}

function rangeDocuments({ index, namespace, body }: CommandContext): CommandOutcome {
  const object = expectObject(body, "the range request");
  if (object["limit"] === undefined) {
    throw validationError("Invalid request: limit is required.");
  }
  const includes = parseIncludes(object);
  const page = index.range(
    namespace,
    {
      cursor: parseCursor(object["cursor"]),
      limit: parseCount(object["limit"], "limit", { fallback: 1, max: Number.MAX_SAFE_INTEGER }),
      prefix: parseOptionalString(object["prefix"], "prefix"),
    },
    storedIncludes(includes),
  );
  const vectors: DocumentJson[] = page.vectors.map((record) => toDocumentJson(record, includes));
  return { result: { nextCursor: page.nextCursor, vectors }, count: vectors.length };
}

/** `info` without the default namespace, which no search index can name (§3.6, §3.7). */
function info({ index }: CommandContext): CommandOutcome {
  const result = index.info();
  const namespaces = { ...(result["namespaces"] as Record<string, unknown>) };
  delete namespaces[DEFAULT_NAMESPACE];
  return { result: { ...result, namespaces }, count: 0 };
}

function listIndexes({ index }: CommandContext): CommandOutcome {
  return {
    result: index.namespaceNames().filter((name) => name !== DEFAULT_NAMESPACE),
    count: 0,
  };
}

function deleteIndex({ index, namespace }: CommandContext): CommandOutcome {
  index.deleteNamespace(namespace);
  return { result: SUCCESS, count: 0 };
}

function command(
  operation: VectorOperation,
  flags: { isWrite: boolean; index: IndexSegment },
  run: (context: CommandContext) => SearchOutcome,
): SearchCommand {
  return { operation, ...flags, isNamespaced: flags.index !== "none", run };
}

/**
 * Every command of a search database by path segment. Writes: `upsert-data`, `delete`, `reset`,
 * `delete-namespace`; the read-only token runs the rest. Other vector commands (`query`,
 * `upsert` with raw vectors, `update`, …) are not part of the search interface and are refused.
 */
export function searchCommands(): Readonly<Record<string, SearchCommand>> {
  return {
    "upsert-data": command("upsert", { isWrite: true, index: "required" }, upsertDocuments),
    search: command("query", { isWrite: false, index: "required" }, search),
    fetch: command("fetch", { isWrite: false, index: "required" }, fetchDocuments),
    range: command("range", { isWrite: false, index: "required" }, rangeDocuments),
    // Content paths bare, metadata as `@metadata.` (§3.4): translated to the stored layout.
    delete: command(
      "delete",
      { isWrite: true, index: "required" },
      deleteByCriteria(translateSearchFilter),
    ),
    reset: command("reset", { isWrite: true, index: "optional" }, resetNamespaces),
    info: command("info", { isWrite: false, index: "none" }, info),
    "list-namespaces": command("namespace", { isWrite: false, index: "none" }, listIndexes),
    "delete-namespace": command("namespace", { isWrite: true, index: "required" }, deleteIndex),
  };
}
