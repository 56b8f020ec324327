/**
 * `createVector()`: the vector REST client (vector-rest-wire.md §2). Every endpoint is a method;
 * requests are checked with core's schemas before sending and answers after receiving.
 * `namespace(name)` gives the same methods on one namespace.
 */
import {
  type DeleteRequestInput,
  DeleteRequestSchema,
  type DeleteResult,
  DeleteResultSchema,
  type FetchRequestInput,
  FetchRequestSchema,
  type FetchResult,
  FetchResultSchema,
  type IndexInfo,
  IndexInfoSchema,
  ListNamespacesResultSchema,
  QueryBatchResultSchema,
  type QueryDataRequestInput,
  QueryDataRequestSchema,
  type QueryRequestInput,
  QueryRequestSchema,
  type QueryResult,
  QueryResultSchema,
  type RandomResult,
  RandomResultSchema,
  type RangeRequestInput,
  RangeRequestSchema,
  type RangeResult,
  RangeResultSchema,
  type RenameNamespaceRequestInput,
  RenameNamespaceRequestSchema,
  type RenameNamespaceResult,
  RenameNamespaceResultSchema,
  type ResumableQueryDataRequestInput,
  ResumableQueryDataRequestSchema,
  type ResumableQueryRequestInput,
  ResumableQueryRequestSchema,
  ResumableQueryStartResultSchema,
  type StoredVector,
  SuccessResultSchema,
  type UpdateRequestInput,
  UpdateRequestSchema,
  type UpdateResult,
  UpdateResultSchema,
  type UpsertDataRequestInput,
  UpsertDataRequestSchema,
  type UpsertRequestInput,
  UpsertRequestSchema,
} from "@stratus/core/schemas";
import type { CallOptions } from "../redis/session.ts";
import { createTransport, type Transport } from "../transport/http-transport.ts";
import { checkRequest, requestJson, type Schema } from "../transport/json.ts";
import type { RetryOptions } from "../transport/retry.ts";
import { unwrapResult, vectorPath } from "./envelope.ts";
import { createResumableQuery, type ResumableQuery } from "./resumable-query.ts";

/** Options of {@link createVector}. */
export interface VectorOptions {
  /** The index's REST URL (a path prefix is allowed). */
  readonly url: string;
  /** The index's token (read-write or read-only). */
  readonly token: string;
  /** Retries on network errors only; `false` disables them. @default { retries: 5 } */
  readonly retry?: RetryOptions | false;
  /** A deadline per request; none by default. */
  readonly timeoutMs?: number;
}

/** Options of `resumableQuery`. */
export interface ResumableQueryOptions {
  /** Hits per page after the first (which has `topK`). @default the query's topK, or 10 */
  readonly pageSize?: number;
}

/** Options of `rangeAll`. */
export type RangeAllRequest = Omit<RangeRequestInput, "cursor"> & {
  /** Where to start. @default "0" */
  readonly cursor?: string | number;
};

/** The endpoints that take a namespace. */
export interface VectorNamespace {
  /** `upsert`: one record or many; records need `vector` and/or `sparseVector` (§2.1). */
  upsert(records: UpsertRequestInput): Promise<"Success">;
  /** `upsert-data`: records whose `data` the index embeds (§2.2). */
  upsertData(records: UpsertDataRequestInput): Promise<"Success">;
  /** `update`: some fields of one record (§2.3). */
  update(request: UpdateRequestInput): Promise<UpdateResult>;
  /** `query` with one query (§2.4). */
  query(request: QueryRequestInput): Promise<QueryResult>;
  /** `query` with a batch: one hit list per query, always nested (§2.4). */
  queryMany(requests: readonly QueryRequestInput[]): Promise<QueryResult[]>;
  /** `query-data`: a text query the index embeds (§2.5). */
  queryData(request: QueryDataRequestInput): Promise<QueryResult>;
  /** `query-data` with a batch, always nested. */
  queryDataMany(requests: readonly QueryDataRequestInput[]): Promise<QueryResult[]>;
  /**
   * A resumable query with vectors (§2.6); nothing is sent until `start()` or iteration. An invalid
   * request throws {@link UsageError} at once.
   */
  resumableQuery(
    request: ResumableQueryRequestInput,
    options?: ResumableQueryOptions,
  ): ResumableQuery;
  /** A resumable query with text (§2.6). */
  resumableQueryData(
    request: ResumableQueryDataRequestInput,
    options?: ResumableQueryOptions,
  ): ResumableQuery;
  /** `range`: one page of records in insertion order (§2.7). */
  range(request: RangeRequestInput): Promise<RangeResult>;
  /** Every record, page by page through `range`, until `nextCursor` is `""`. */
  rangeAll(request: RangeAllRequest): AsyncIterable<StoredVector>;
  /** `fetch` by ids (`null` for unknown ones) or by prefix (§2.8). */
  fetch(request: FetchRequestInput): Promise<FetchResult>;
  /** `delete` by ids, prefix or filter (§2.9). */
  delete(request: DeleteRequestInput): Promise<DeleteResult>;
  /** `reset`: remove every record of this namespace (§2.10). */
  reset(): Promise<"Success">;
  /** `random`: one record, or null when the namespace is empty (§2.14). */
  random(): Promise<RandomResult>;
}

/** The vector client: the default namespace's endpoints, plus the index-wide ones. */
export interface Vector extends VectorNamespace, AsyncDisposable {
  /** The same endpoints on namespace `name` (`""` is the default one). */
  namespace(name: string): VectorNamespace;
  /** `reset?all`: empty every namespace (§2.10). */
  resetAll(): Promise<"Success">;
  /** `info`: counts, dimension, similarity, models and namespaces (§2.11). */
  info(): Promise<IndexInfo>;
  /** `list-namespaces`, the default `""` included (§2.12). */
  listNamespaces(): Promise<string[]>;
  /** `delete-namespace/{ns}` (§2.13); the default namespace cannot be deleted. */
  deleteNamespace(name: string): Promise<"Success">;
  /** `rename-namespace` (§2.14). */
  renameNamespace(request: RenameNamespaceRequestInput): Promise<RenameNamespaceResult>;
  /** The same client with a signal on every call. */
  with(options: CallOptions): Vector;
  close(): Promise<void>;
}

interface Caller {
  call<TResult>(path: string, body: unknown, response: Schema<TResult>): Promise<TResult>;
}

/** Picks the body's own topK as the page size, as later pages should match the first. */
function pageSizeOf(
  request: { readonly topK?: number },
  options: ResumableQueryOptions = {},
): number {
  return options.pageSize ?? request.topK ?? 10;
}

function namespaceMethods(caller: Caller, namespace: string): VectorNamespace {
  const at = (command: string): string => vectorPath(command, namespace);
  const call = <TResult>(command: string, body: unknown, response: Schema<TResult>) =>
    caller.call(at(command), body, response);
  const startResumable = (command: string, body: unknown) => ({
    start: () => call(command, body, ResumableQueryStartResultSchema),
    next: (uuid: string, additionalK: number) =>
      caller.call("/resumable-query-next", { uuid, additionalK }, QueryResultSchema),
    end: async (uuid: string) => {
      await caller.call("/resumable-query-end", { uuid }, SuccessResultSchema);
    },
  });
  const methods: VectorNamespace = {
    upsert: async (records) => {
      checkRequest(UpsertRequestSchema, records, "upsert records");
      return call("upsert", records, SuccessResultSchema);
    },
    upsertData: async (records) => {
      checkRequest(UpsertDataRequestSchema, records, "upsert-data records");
      return call("upsert-data", records, SuccessResultSchema);
    },
    update: async (request) => {
      checkRequest(UpdateRequestSchema, request, "update request");
      return call("update", request, UpdateResultSchema);
    },
    query: async (request) => {
      checkRequest(QueryRequestSchema, request, "query");
      return call("query", request, QueryResultSchema);
    },
    queryMany: async (requests) => {
      for (const request of requests) {
        checkRequest(QueryRequestSchema, request, "query");
      }
      return nestBatch(requests.length, await call("query", requests, QueryBatchOrFlatSchema));
    },
    queryData: async (request) => {
      checkRequest(QueryDataRequestSchema, request, "data query");
      return call("query-data", request, QueryResultSchema);
    },
    queryDataMany: async (requests) => {
      for (const request of requests) {
        checkRequest(QueryDataRequestSchema, request, "data query");
      }
      return nestBatch(requests.length, await call("query-data", requests, QueryBatchOrFlatSchema));
    },
    resumableQuery: (request, options) => {
      checkRequest(ResumableQueryRequestSchema, request, "resumable query");
      return createResumableQuery(startResumable("resumable-query", request), {
        pageSize: pageSizeOf(request, options),
      });
    },
    resumableQueryData: (request, options) => {
      checkRequest(ResumableQueryDataRequestSchema, request, "resumable data query");
      return createResumableQuery(startResumable("resumable-query-data", request), {
        pageSize: pageSizeOf(request, options),
      });
    },
    range: async (request) => {
      checkRequest(RangeRequestSchema, request, "range request");
      return call("range", request, RangeResultSchema);
    },
    async *rangeAll(request) {
      let cursor: string | number = request.cursor ?? "0";
      do {
        const page = await methods.range({ ...request, cursor });
        yield* page.vectors;
        cursor = page.nextCursor;
        // §2.7: `nextCursor` is "" exactly when nothing follows.
      } while (cursor !== "");
    },
    fetch: async (request) => {
      checkRequest(FetchRequestSchema, request, "fetch request");
      return call("fetch", request, FetchResultSchema);
    },
    delete: async (request) => {
      checkRequest(DeleteRequestSchema, request, "delete request");
      return call("delete", request, DeleteResultSchema);
    },
    reset: () => call("reset", undefined, SuccessResultSchema),
    random: () => call("random", undefined, RandomResultSchema),
  };
  return methods;
}

/**
 * A batch of one is answered with a flat list (§2.4); this accepts both shapes and `nestBatch`
 * always returns one list per query.
 */
const QueryBatchOrFlatSchema: Schema<QueryResult[] | QueryResult> = {
  safeParse: (input) => {
    const nested = QueryBatchResultSchema.safeParse(input);
    return nested.success ? nested : QueryResultSchema.safeParse(input);
  },
};

function nestBatch(count: number, result: QueryResult[] | QueryResult): QueryResult[] {
  const isNested = result.length === 0 ? count !== 1 : Array.isArray(result[0]);
  return isNested ? (result as QueryResult[]) : [result as QueryResult];
}

function buildVector(transport: Transport, token: string, call: CallOptions): Vector {
  const headers = { authorization: `Bearer ${token}` };
  const caller: Caller = {
    call: (path, body, response) =>
      requestJson(transport, {
        // The SDK sends POST for everything; `[]` for commands without input (§1.1, §1.2).
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
    ...namespaceMethods(caller, ""),
    namespace: (name) => namespaceMethods(caller, name),
    resetAll: () => caller.call("/reset?all", undefined, SuccessResultSchema),
    info: () => caller.call("/info", undefined, IndexInfoSchema),
    listNamespaces: () => caller.call("/list-namespaces", undefined, ListNamespacesResultSchema),
    deleteNamespace: (name) =>
      caller.call(`/delete-namespace/${encodeURIComponent(name)}`, undefined, SuccessResultSchema),
    renameNamespace: async (request) => {
      checkRequest(RenameNamespaceRequestSchema, request, "rename-namespace request");
      return caller.call("/rename-namespace", request, RenameNamespaceResultSchema);
    },
    with: (options) => buildVector(transport, token, options),
    close: () => transport.close(),
    [Symbol.asyncDispose]: () => transport.close(),
  };
}

/**
 * Creates a vector client over one keep-alive connection pool.
 *
 * @example
 * await using index = createVector({ url: emu.vectorUrl, token: emu.vectorToken });
 * await index.upsert({ id: "a", vector: [0.1, 0.2] });
 * const hits = await index.query({ vector: [0.1, 0.2], topK: 5, includeMetadata: true });
 */
export function createVector(options: VectorOptions): Vector {
  const transport = createTransport({
    url: options.url,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  return buildVector(transport, options.token, {});
}
