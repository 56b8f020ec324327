/**
 * `createSearch()`: the search REST client (search-wire.md §3), over the same wire as
 * `@upstash/search`: documents typed by their `content` and `metadata`, `index(name)` for one
 * search index, and the database-wide `listIndexes` and `info`. Requests are checked with core's
 * schemas before sending and answers after receiving.
 */
import {
  type DeleteResult,
  DeleteResultSchema,
  DocumentFetchResultSchema,
  DocumentRangeResultSchema,
  IndexInfoSchema,
  ListNamespacesResultSchema,
  SearchRequestSchema,
  SearchResultSchema,
  SearchUpsertRequestSchema,
  type StoredDocument,
  SuccessResultSchema,
} from "@stratus/core/schemas";
import type { CallOptions } from "../redis/session.ts";
import { createTransport, type Transport } from "../transport/http-transport.ts";
import { checkRequest, requestJson, type Schema } from "../transport/json.ts";
import type { RetryOptions } from "../transport/retry.ts";
import { unwrapResult, vectorPath } from "../vector/envelope.ts";

/** Options of {@link createSearch}. */
export interface SearchOptions {
  /** The database's REST URL (`UPSTASH_SEARCH_REST_URL`). */
  readonly url: string;
  /** Its token (read-write or read-only). */
  readonly token: string;
  /** Retries on network errors only; `false` disables them. @default { retries: 5 } */
  readonly retry?: RetryOptions | false;
  /** A deadline per request; none by default. */
  readonly timeoutMs?: number;
}

/** A JSON object: what `content` and `metadata` are. */
export type DocumentFields = Record<string, unknown>;

/** A document: `content` is searched and filtered, `metadata` only filtered (`@metadata.x`). */
export interface SearchDocument<TContent extends DocumentFields, TMetadata extends DocumentFields> {
  readonly id: string | number;
  readonly content: TContent;
  readonly metadata?: TMetadata;
}

/** A stored document; `metadata` is absent when it was upserted without. */
export interface StoredSearchDocument<
  TContent extends DocumentFields,
  TMetadata extends DocumentFields,
> {
  readonly id: string;
  readonly content: TContent;
  readonly metadata?: TMetadata;
}

/** A search hit: a document and its score, 0..1. */
export interface SearchHit<TContent extends DocumentFields, TMetadata extends DocumentFields>
  extends StoredSearchDocument<TContent, TMetadata> {
  readonly score: number;
}

/** What `search` takes (the SDK's names). */
export interface SearchQuery {
  readonly query: string;
  /** The most results. @default 5 */
  readonly limit?: number;
  /** A filter: bare content fields, `@metadata.` metadata fields (search-wire.md §4). */
  readonly filter?: string;
  /** The re-ranker. @default false */
  readonly reranking?: boolean;
  /** Semantic against full-text, 0..1. @default 0.75 */
  readonly semanticWeight?: number;
  /** Query enrichment (a no-op on the emulator). */
  readonly inputEnrichment?: boolean;
}

/** Document counts of one index, or of the database. */
export interface DocumentCounts {
  readonly documentCount: number;
  readonly pendingDocumentCount: number;
}

/** The database-wide `info`. */
export interface SearchInfo extends DocumentCounts {
  readonly diskSize: number;
  readonly indexes: Readonly<Record<string, DocumentCounts>>;
}

/** One search index (a namespace of the database). */
export interface SearchIndex<TContent extends DocumentFields, TMetadata extends DocumentFields> {
  readonly name: string;
  /** `upsert-data/{index}`: documents replace any with the same id. */
  upsert(
    documents: SearchDocument<TContent, TMetadata> | readonly SearchDocument<TContent, TMetadata>[],
  ): Promise<"Success">;
  /** `search/{index}`: hits best first. */
  search(request: SearchQuery): Promise<SearchHit<TContent, TMetadata>[]>;
  /** `fetch/{index}` by ids (`null` for unknown ones) or by id prefix. */
  fetch(
    request: { readonly ids: readonly (string | number)[] } | { readonly prefix: string },
  ): Promise<(StoredSearchDocument<TContent, TMetadata> | null)[]>;
  /** `range/{index}`: one page in insertion order; `nextCursor` is `""` at the end. */
  range(request: {
    readonly cursor: string | number;
    readonly limit: number;
    readonly prefix?: string;
  }): Promise<{ nextCursor: string; documents: StoredSearchDocument<TContent, TMetadata>[] }>;
  /** `delete/{index}` by ids, id prefix or filter. */
  delete(
    request:
      | { readonly ids: readonly (string | number)[] }
      | { readonly prefix: string }
      | { readonly filter: string },
  ): Promise<DeleteResult>;
  /** `reset/{index}`: removes every document, keeps the index. */
  reset(): Promise<"Success">;
  /** `delete-namespace/{index}`. */
  deleteIndex(): Promise<"Success">;
  info(): Promise<DocumentCounts>;
}

/** The search client. */
export interface Search extends AsyncDisposable {
  /** One index; it exists once a document is upserted into it. */
  index<
    TContent extends DocumentFields = DocumentFields,
    TMetadata extends DocumentFields = DocumentFields,
  >(name: string): SearchIndex<TContent, TMetadata>;
  listIndexes(): Promise<string[]>;
  info(): Promise<SearchInfo>;
  /** The same client with a signal on every call. */
  with(options: CallOptions): Search;
  close(): Promise<void>;
}

interface Caller {
  call<TResult>(path: string, body: unknown, response: Schema<TResult>): Promise<TResult>;
}

/** The SDK's includes: every read returns content and metadata. */
const INCLUDES = { includeData: true, includeMetadata: true } as const;

function toStored<TContent extends DocumentFields, TMetadata extends DocumentFields>(
  document: StoredDocument,
): StoredSearchDocument<TContent, TMetadata> {
  return {
    id: document.id,
    content: (document.content ?? {}) as TContent,
    ...(document.metadata === undefined ? {} : { metadata: document.metadata as TMetadata }),
  };
}

function indexMethods<TContent extends DocumentFields, TMetadata extends DocumentFields>(
  caller: Caller,
  name: string,
): SearchIndex<TContent, TMetadata> {
  if (name === "") {
    throw new TypeError("A search index needs a name.");
  }
  const at = (command: string): string => vectorPath(command, name);
  return {
    name,
    upsert: async (documents) => {
      checkRequest(SearchUpsertRequestSchema, documents, "documents");
      const list = Array.isArray(documents) ? documents : [documents];
      return caller.call(at("upsert-data"), list, SuccessResultSchema);
    },
    search: async ({ limit, ...rest }) => {
      const body = { ...rest, topK: limit ?? 5, ...INCLUDES };
      checkRequest(SearchRequestSchema, body, "search");
      const hits = await caller.call(at("search"), body, SearchResultSchema);
      return hits.map((hit) => ({ ...toStored<TContent, TMetadata>(hit), score: hit.score }));
    },
    fetch: async (request) => {
      const documents = await caller.call(
        at("fetch"),
        { ...request, ...INCLUDES },
        DocumentFetchResultSchema,
      );
      return documents.map((document) =>
        document === null ? null : toStored<TContent, TMetadata>(document),
      );
    },
    range: async (request) => {
      const page = await caller.call(
        at("range"),
        { ...request, ...INCLUDES },
        DocumentRangeResultSchema,
      );
      return {
        nextCursor: page.nextCursor,
        documents: page.vectors.map((document) => toStored<TContent, TMetadata>(document)),
      };
    },
    delete: (request) => caller.call(at("delete"), request, DeleteResultSchema),
    reset: () => caller.call(at("reset"), undefined, SuccessResultSchema),
    deleteIndex: () => caller.call(at("delete-namespace"), undefined, SuccessResultSchema),
    info: async () => {
      const info = await caller.call("/info", undefined, IndexInfoSchema);
      const counts = info.namespaces[name];
      return {
        documentCount: counts?.vectorCount ?? 0,
        pendingDocumentCount: counts?.pendingVectorCount ?? 0,
      };
    },
  };
}

function buildSearch(transport: Transport, token: string, call: CallOptions): Search {
  const headers = { authorization: `Bearer ${token}` };
  const caller: Caller = {
    call: (path, body, response) =>
      requestJson(transport, {
        // As the SDK: POST for everything, `[]` for commands without input.
        method: "POST",
        path,
        body: body ?? [],
        headers,
        response,
        unwrap: unwrapResult,
        signal: call.signal,
      }),
  };
  return {
    index: (name) => indexMethods(caller, name),
    listIndexes: () => caller.call("/list-namespaces", undefined, ListNamespacesResultSchema),
    info: async () => {
      const info = await caller.call("/info", undefined, IndexInfoSchema);
      const indexes: Record<string, DocumentCounts> = {};
      for (const [name, counts] of Object.entries(info.namespaces)) {
        indexes[name] = {
          documentCount: counts.vectorCount,
          pendingDocumentCount: counts.pendingVectorCount,
        };
      }
      return {
        diskSize: info.indexSize,
        documentCount: info.vectorCount,
        pendingDocumentCount: info.pendingVectorCount,
        indexes,
      };
    },
    with: (options) => buildSearch(transport, token, options),
    close: () => transport.close(),
    [Symbol.asyncDispose]: () => transport.close(),
  };
}

/**
 * Creates a search client over one keep-alive connection pool.
 *
 * @example
 * await using search = createSearch({ url: emu.searchUrl, token: emu.searchToken });
 * const movies = search.index<{ title: string }>("movies");
 * await movies.upsert({ id: "1", content: { title: "Star Wars" } });
 * const hits = await movies.search({ query: "space opera", limit: 3 });
 */
export function createSearch(options: SearchOptions): Search {
  const transport = createTransport({
    url: options.url,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  return buildSearch(transport, options.token, {});
}
