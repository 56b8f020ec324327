/**
 * One vector index: its spec and tokens, its namespaces, and every operation of the REST
 * interface on typed input (vector-rest-wire.md §2). Requests are parsed in `routes.ts`; writes
 * are journalled through `journal` so `persistence.ts` can replay them.
 */
import { generateToken, timingSafeEqual } from "@stratus/core/auth";
import { type ApproximateQueryOptions, chooseDenseRanking } from "./approximate.ts";
import type { Embedder } from "./embedder.ts";
import { encodeRecord, type RecordJson } from "./encode.ts";
import { VectorMessages, VectorRequestError, validationError } from "./errors.ts";
import { compileFilter, FilterSyntaxError } from "./filter/index.ts";
import { fuse } from "./fusion.ts";
import type { GraphMetric } from "./hnsw.ts";
import type { JournalEntry } from "./journal.ts";
import { VectorLimits } from "./limits.ts";
import { isVisible, NamespaceStore, type RecordInput } from "./namespace-store.ts";
import { type RecordFilter, rankFused, rankSparse, type Scored } from "./ranking.ts";
import type { Includes, JsonObject, QueryOptions } from "./request.ts";
import { ResumableQueries } from "./resumable.ts";
import { createDenseScorer } from "./similarity.ts";
import { type SparseVector, weightQuery } from "./sparse.ts";
import type {
  ResolvedVectorIndexSpec,
  VectorClock,
  VectorIndexHandle,
  VectorIndexStats,
} from "./types.ts";

/** The default namespace (vector-rest-wire.md §1.4). */
export const DEFAULT_NAMESPACE = "";

/** Who a token belongs to. */
export type VectorGrant = "read-write" | "read-only";

/** The vectors of a write or a query, before the index checks them against its type. */
export interface VectorParts {
  readonly vector?: Float32Array | undefined;
  readonly sparseVector?: SparseVector | undefined;
}

export interface VectorIndexOptions {
  readonly spec: ResolvedVectorIndexSpec;
  readonly token: string;
  readonly readOnlyToken: string;
  readonly clock: VectorClock;
  readonly indexingDelayMs: number;
  readonly embedder: Embedder;
  readonly journal: (entry: JournalEntry) => void;
  /** Approximate search for DENSE indexes; undefined: always the exact scan. */
  readonly approximate?:
    | (ApproximateQueryOptions & { readonly linkInBackground: boolean })
    | undefined;
}

const GRAPH_METRICS = {
  COSINE: "cosine",
  EUCLIDEAN: "euclidean",
  DOT_PRODUCT: "dot",
} as const satisfies Record<ResolvedVectorIndexSpec["similarity"], GraphMetric>;

export class VectorIndex implements VectorIndexHandle {
  readonly spec: ResolvedVectorIndexSpec;
  readonly embedder: Embedder;
  readonly resumable: ResumableQueries;
  #token: string;
  #readOnlyToken: string;
  readonly #clock: VectorClock;
  readonly #indexingDelayMs: number;
  readonly #journal: (entry: JournalEntry) => void;
  readonly #approximate: VectorIndexOptions["approximate"];
  /** Namespaces in creation order; `""` always first. */
  #namespaces = new Map<string, NamespaceStore>();

  constructor(options: VectorIndexOptions) {
    this.spec = options.spec;
    this.embedder = options.embedder;
    this.#token = options.token;
    this.#readOnlyToken = options.readOnlyToken;
    this.#clock = options.clock;
    this.#indexingDelayMs = options.indexingDelayMs;
    this.#journal = options.journal;
    // Sparse and hybrid indexes keep their exact scoring (issue 21).
    this.#approximate = options.spec.type === "DENSE" ? options.approximate : undefined;
    this.resumable = new ResumableQueries(options.clock);
    this.#namespaces.set(DEFAULT_NAMESPACE, this.#newStore());
  }

  get name(): string {
    return this.spec.name;
  }

  get token(): string {
    return this.#token;
  }

  get readOnlyToken(): string {
    return this.#readOnlyToken;
  }

  get hasDense(): boolean {
    return this.spec.type !== "SPARSE";
  }

  get hasSparse(): boolean {
    return this.spec.type !== "DENSE";
  }

  /** The grant of a bearer token, compared in constant time; undefined when it is neither. */
  verify(token: string | undefined): VectorGrant | undefined {
    if (token === undefined) {
      return undefined;
    }
    // Both comparisons always run, so timing does not tell which token was close.
    const isReadWrite = timingSafeEqual(token, this.#token);
    const isReadOnly = timingSafeEqual(token, this.#readOnlyToken);
    return isReadWrite ? "read-write" : isReadOnly ? "read-only" : undefined;
  }

  resetTokens(): { token: string; readOnlyToken: string } {
    this.setTokens(generateToken(), generateToken());
    return { token: this.#token, readOnlyToken: this.#readOnlyToken };
  }

  /** Replaces both tokens (management API, replay). */
  setTokens(token: string, readOnlyToken: string): void {
    this.#token = token;
    this.#readOnlyToken = readOnlyToken;
    this.#journal({ op: "tokens", index: this.name, token, readOnlyToken });
  }

  // ── namespaces ──────────────────────────────────────────────────────────────────────────────

  /** The namespace, or undefined when it was never created: reads then see it empty (§7). */
  namespace(name: string): NamespaceStore | undefined {
    return this.#namespaces.get(name);
  }

  namespaceNames(): string[] {
    return [...this.#namespaces.keys()];
  }

  namespaceEntries(): IterableIterator<[string, NamespaceStore]> {
    return this.#namespaces.entries();
  }

  #writable(name: string): NamespaceStore {
    let store = this.#namespaces.get(name);
    if (store === undefined) {
      store = this.#newStore();
      this.#namespaces.set(name, store);
    }
    return store;
  }

  #newStore(): NamespaceStore {
    const approximate = this.#approximate;
    return new NamespaceStore(
      this.hasDense ? this.spec.dimension : 0,
      approximate === undefined
        ? undefined
        : {
            metric: GRAPH_METRICS[this.spec.similarity],
            minVectors: approximate.minVectors,
            linkInBackground: approximate.linkInBackground,
          },
    );
  }

  /** Stops the namespaces' background work: the index is deleted or the service closed. */
  close(): void {
    for (const store of this.#namespaces.values()) {
      store.close();
    }
  }

  // ── writes ──────────────────────────────────────────────────────────────────────────────────

  /**
   * Checks that a record has the vectors the index type needs (§2.1): dense only, sparse only,
   * or both for hybrid. The whole request fails on the first bad record.
   */
  checkRecordVectors(parts: VectorParts): void {
    if (this.hasDense && parts.vector === undefined) {
      throw validationError(VectorMessages.REQUIRES_DENSE);
    }
    if (this.hasSparse && parts.sparseVector === undefined) {
      throw validationError(VectorMessages.REQUIRES_SPARSE);
    }
    this.#checkNoForeignVectors(parts);
  }

  #checkNoForeignVectors(parts: VectorParts): void {
    if (!this.hasDense && parts.vector !== undefined) {
      throw validationError("This index does not support dense vectors");
    }
    if (!this.hasSparse && parts.sparseVector !== undefined) {
      throw validationError("This index does not support sparse vectors");
    }
  }

  /** Inserts or overwrites records, all or none: callers validate every record first. */
  upsert(namespace: string, records: readonly RecordInput[]): void {
    this.applyPut(namespace, records);
    this.#journal({ op: "put", index: this.name, namespace, records });
  }

  /** Stores records without journalling them (replay). */
  applyPut(namespace: string, records: readonly RecordInput[]): void {
    const store = this.#writable(namespace);
    const now = this.#clock.now();
    const readyAt = now + this.#indexingDelayMs;
    for (const record of records) {
      store.put(record, readyAt, now);
    }
  }

  /** The vectors for `data` from the index's models (§2.2); 422 without a model. */
  embedRecord(data: string): VectorParts {
    const { embedder } = this;
    if (embedder.denseModel === undefined && embedder.sparseModel === undefined) {
      throw validationError(VectorMessages.EMBEDDING_NOT_ALLOWED);
    }
    if (
      (this.hasDense && embedder.denseModel === undefined) ||
      (this.hasSparse && embedder.sparseModel === undefined)
    ) {
      throw validationError(VectorMessages.EMBEDDING_NOT_ALLOWED);
    }
    return {
      vector: this.hasDense ? embedder.embedDense(data) : undefined,
      sparseVector: this.hasSparse ? embedder.embedSparseDocument(data) : undefined,
    };
  }

  /**
   * Changes parts of one record (§2.3): vectors, data (re-embedded when the index has a model),
   * metadata replaced or merge-patched. Returns 0 when the id does not exist.
   */
  update(
    namespace: string,
    change: {
      readonly id: string;
      readonly parts: VectorParts;
      readonly data: string | undefined;
      readonly metadata: JsonObject | undefined;
      readonly metadataUpdateMode: "OVERWRITE" | "PATCH";
    },
  ): number {
    const store = this.#namespaces.get(namespace);
    const record = store?.get(change.id);
    if (store === undefined || record === undefined) {
      return 0;
    }
    const { parts } = change;
    this.#checkNoForeignVectors(parts);
    if (
      this.spec.type === "HYBRID" &&
      (parts.vector === undefined) !== (parts.sparseVector === undefined)
    ) {
      throw validationError(
        parts.vector === undefined ? VectorMessages.REQUIRES_DENSE : VectorMessages.REQUIRES_SPARSE,
      );
    }
    let vector = parts.vector ?? store.vectorOf(record);
    let sparseVector = parts.sparseVector ?? record.sparseVector;
    const hasModel =
      this.embedder.denseModel !== undefined || this.embedder.sparseModel !== undefined;
    if (change.data !== undefined && hasModel) {
      const embedded = this.embedRecord(change.data);
      vector = embedded.vector ?? vector;
      sparseVector = embedded.sparseVector ?? sparseVector;
    }
    let metadata = record.metadata;
    if (change.metadata !== undefined) {
      metadata =
        change.metadataUpdateMode === "PATCH"
          ? (mergePatch(record.metadata ?? {}, change.metadata) as JsonObject)
          : change.metadata;
    }
    this.upsert(namespace, [
      { id: record.id, vector, sparseVector, metadata, data: change.data ?? record.data },
    ]);
    return 1;
  }

  /** Deletes ids; returns how many existed. */
  deleteIds(namespace: string, ids: readonly string[]): number {
    const deleted = this.applyDelete(namespace, ids);
    if (deleted > 0) {
      this.#journal({ op: "delete", index: this.name, namespace, ids });
    }
    return deleted;
  }

  applyDelete(namespace: string, ids: readonly string[]): number {
    const store = this.#namespaces.get(namespace);
    if (store === undefined) {
      return 0;
    }
    let deleted = 0;
    for (const id of ids) {
      if (store.delete(id)) {
        deleted++;
      }
    }
    return deleted;
  }

  /** Ids of records matching a filter: a delete by filter scans the namespace (§2.9). */
  idsMatching(namespace: string, filter: string): string[] {
    const store = this.#namespaces.get(namespace);
    const matches = compileQueryFilter(filter);
    const ids: string[] = [];
    for (const record of store?.inOrder() ?? []) {
      if (matches(record.metadata ?? {})) {
        ids.push(record.id);
      }
    }
    return ids;
  }

  /** Empties one namespace, or every one when `namespace` is undefined; they stay listed (§2.10). */
  reset(namespace: string | undefined): void {
    this.applyReset(namespace);
    this.#journal({ op: "reset", index: this.name, namespace });
  }

  applyReset(namespace: string | undefined): void {
    if (namespace === undefined) {
      for (const store of this.#namespaces.values()) {
        store.clear();
      }
    } else {
      this.#namespaces.get(namespace)?.clear();
    }
  }

  /** Removes a namespace (§2.13). */
  deleteNamespace(namespace: string): void {
    if (namespace === DEFAULT_NAMESPACE) {
      // The service's text is undocumented; this is the PHP client's own (§2.13).
      throw validationError(
        'The default namespace, which is the empty string "", cannot be deleted.',
      );
    }
    if (!this.#namespaces.has(namespace)) {
      throw namespaceMissing(namespace, this.name);
    }
    this.applyDropNamespace(namespace);
    this.#journal({ op: "drop-namespace", index: this.name, namespace });
  }

  applyDropNamespace(namespace: string): void {
    this.#namespaces.get(namespace)?.close();
    this.#namespaces.delete(namespace);
  }

  /** `rename-namespace` (§2.14). */
  renameNamespace(from: string, to: string, deleteExisting: boolean): void {
    if (from === DEFAULT_NAMESPACE || to === DEFAULT_NAMESPACE) {
      throw validationError(
        'The default namespace, which is the empty string "", cannot be renamed.',
      );
    }
    if (!this.#namespaces.has(from)) {
      throw namespaceMissing(from, this.name);
    }
    if (from === to) {
      return;
    }
    if (this.#namespaces.has(to) && !deleteExisting) {
      throw validationError(
        `Namespace ${to} already exists. Set deleteExisting to true to replace it.`,
      );
    }
    this.applyRenameNamespace(from, to);
    this.#journal({ op: "rename-namespace", index: this.name, from, to });
  }

  applyRenameNamespace(from: string, to: string): void {
    const store = this.#namespaces.get(from) as NamespaceStore;
    if (from !== to) {
      this.#namespaces.get(to)?.close();
    }
    this.#namespaces.delete(from);
    this.#namespaces.set(to, store);
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────────

  /** Checks a query's vectors against the index: at least one, the right kinds (§2.4). */
  checkQueryVectors(parts: VectorParts): void {
    if (parts.vector === undefined && parts.sparseVector === undefined) {
      throw validationError(
        this.hasDense
          ? "Invalid request: a query needs a vector or a sparseVector."
          : VectorMessages.REQUIRES_SPARSE,
      );
    }
    this.#checkNoForeignVectors(parts);
  }

  /** The query's vectors for `data` from the index's models, per `queryMode` (§2.5). */
  embedQuery(data: string, mode: QueryOptions["queryMode"]): VectorParts {
    const { embedder } = this;
    const wantsDense = this.hasDense && (this.spec.type !== "HYBRID" || mode !== "SPARSE");
    const wantsSparse = this.hasSparse && (this.spec.type !== "HYBRID" || mode !== "DENSE");
    if (
      (wantsDense && embedder.denseModel === undefined) ||
      (wantsSparse && embedder.sparseModel === undefined)
    ) {
      throw validationError(VectorMessages.EMBEDDING_NOT_ALLOWED);
    }
    return {
      vector: wantsDense ? embedder.embedDense(data) : undefined,
      sparseVector: wantsSparse ? embedder.embedSparseQuery(data) : undefined,
    };
  }

  /** A query's candidates: what each component ranks, before top-K. */
  plan(namespace: string, parts: VectorParts, options: QueryOptions): QueryPlan {
    const store = this.#namespaces.get(namespace);
    const now = this.#clock.now();
    const matches = compileQueryFilter(options.filter);
    const accept: RecordFilter =
      options.filter === ""
        ? (record) => isVisible(record, now)
        : (record) => isVisible(record, now) && matches(record.metadata ?? {});
    const dense =
      store === undefined || parts.vector === undefined
        ? undefined
        : (limit: number) =>
            chooseDenseRanking(
              {
                store,
                scorer: createDenseScorer(this.spec.similarity, parts.vector as Float32Array),
                query: parts.vector as Float32Array,
                accept,
                // Records inside the indexing delay are filtered out too.
                isFiltered: options.filter !== "" || store.pendingCount(now) > 0,
                limit,
              },
              options.exact === true ? undefined : this.#approximate,
            );
    const sparse =
      store === undefined || parts.sparseVector === undefined
        ? undefined
        : (limit: number) =>
            rankSparse(
              store,
              weightQuery(
                parts.sparseVector as SparseVector,
                options.weightingStrategy === "IDF" ? store.frequencies : undefined,
              ),
              { accept, limit },
            );
    return { store, dense, sparse, options, accept };
  }

  /**
   * The top-K of a query. Both components fuse over all their candidates (§4.3, §7); one
   * component alone returns its own scores, whatever `fusionAlgorithm` says.
   */
  query(plan: QueryPlan): RecordJson[] {
    const { dense, sparse, options, store } = plan;
    if (store === undefined) {
      return [];
    }
    let ranked: Scored[];
    if (dense !== undefined && sparse !== undefined) {
      ranked = rankFused(
        fuse(options.fusionAlgorithm, [
          dense(Number.POSITIVE_INFINITY),
          sparse(Number.POSITIVE_INFINITY),
        ]),
        options.topK,
      );
    } else {
      ranked = (dense ?? sparse ?? (() => []))(options.topK);
    }
    return ranked.map((item) => encodeRecord(store, item, options));
  }

  /** Records by id in request order, `null` for unknown ones (§2.8). */
  fetchIds(namespace: string, ids: readonly string[], includes: Includes): (RecordJson | null)[] {
    const store = this.#namespaces.get(namespace);
    return ids.map((id) => {
      const record = store?.get(id);
      return store === undefined || record === undefined
        ? null
        : encodeRecord(store, { key: record }, includes);
    });
  }

  /** Records whose id starts with `prefix`, at most 1000 (§2.8). */
  fetchPrefix(namespace: string, prefix: string, includes: Includes): RecordJson[] {
    const store = this.#namespaces.get(namespace);
    if (store === undefined) {
      return [];
    }
    return store
      .withPrefix(prefix)
      .slice(0, VectorLimits.MAX_PREFIX_FETCH_RECORDS)
      .map((record) => encodeRecord(store, { key: record }, includes));
  }

  /** A page of records in insertion order from `cursor` (§2.7). */
  range(
    namespace: string,
    page: { cursor: number; limit: number; prefix: string | undefined },
    includes: Includes,
  ): { nextCursor: string; vectors: RecordJson[] } {
    const store = this.#namespaces.get(namespace);
    if (store === undefined) {
      return { nextCursor: "", vectors: [] };
    }
    if (page.prefix === undefined || page.prefix === "") {
      const { records, nextCursor } = store.page(page.cursor, page.limit);
      return {
        nextCursor,
        vectors: records.map((record) => encodeRecord(store, { key: record }, includes)),
      };
    }
    // With a prefix the cursor counts matching records, found through the ordered id index.
    const matching = store.withPrefix(page.prefix);
    const end = page.cursor + page.limit;
    return {
      nextCursor: end < matching.length ? String(end) : "",
      vectors: matching
        .slice(page.cursor, end)
        .map((record) => encodeRecord(store, { key: record }, includes)),
    };
  }

  /** One random record with its vectors, or null for an empty namespace (§2.14). */
  random(namespace: string): RecordJson | null {
    const store = this.#namespaces.get(namespace);
    const record = store?.randomRecord();
    if (store === undefined || record === undefined) {
      return null;
    }
    return encodeRecord(
      store,
      { key: record },
      {
        includeVectors: true,
        includeMetadata: false,
        includeData: false,
      },
    );
  }

  stats(): VectorIndexStats {
    const now = this.#clock.now();
    const namespaces: Record<string, { vectorCount: number; pendingVectorCount: number }> = {};
    let vectorCount = 0;
    let pendingVectorCount = 0;
    let indexSize = 0;
    for (const [name, store] of this.#namespaces) {
      const pending = store.pendingCount(now);
      namespaces[name] = { vectorCount: store.size - pending, pendingVectorCount: pending };
      vectorCount += store.size - pending;
      pendingVectorCount += pending;
      indexSize += store.byteSize();
    }
    return {
      vectorCount,
      pendingVectorCount,
      indexSize,
      dimension: this.hasDense ? this.spec.dimension : 0,
      // Emulator choice (§2.11): a SPARSE index reports DOT_PRODUCT.
      similarityFunction: this.hasDense ? this.spec.similarity : "DOT_PRODUCT",
      namespaces,
    };
  }

  /** The `info` result (§2.11). */
  info(): JsonObject {
    const stats = this.stats();
    return {
      vectorCount: stats.vectorCount,
      pendingVectorCount: stats.pendingVectorCount,
      indexSize: stats.indexSize,
      dimension: stats.dimension,
      similarityFunction: stats.similarityFunction,
      indexType: this.spec.type,
      ...(this.hasDense && {
        denseIndex: {
          dimension: this.spec.dimension,
          similarityFunction: this.spec.similarity,
          embeddingModel: this.embedder.denseModel ?? "",
        },
      }),
      ...(this.hasSparse && {
        sparseIndex: { embeddingModel: this.embedder.sparseModel ?? "" },
      }),
      namespaces: stats.namespaces,
    };
  }
}

/** What `plan()` prepares: ranking functions per component, given a limit. */
export interface QueryPlan {
  readonly store: NamespaceStore | undefined;
  readonly dense: ((limit: number) => Scored[]) | undefined;
  readonly sparse: ((limit: number) => Scored[]) | undefined;
  readonly options: QueryOptions;
  /** Which records may be results: ready at the query's time and matching its filter. */
  readonly accept: RecordFilter;
}

/** `Namespace ns for the index $NAME does not exist` (§2.13), a 404. */
function namespaceMissing(namespace: string, index: string): VectorRequestError {
  return new VectorRequestError(
    404,
    `Namespace ${namespace} for the index ${index} does not exist`,
  );
}

/** The filter as a predicate; a syntax error is a 422 with the parser's `Invalid filter.` text. */
export function compileQueryFilter(filter: string): (metadata: unknown) => boolean {
  if (filter.trim() === "") {
    return () => true;
  }
  try {
    return compileFilter(filter);
  } catch (error: unknown) {
    if (error instanceof FilterSyntaxError) {
      throw validationError(error.message);
    }
    throw error;
  }
}

/** RFC 7396 JSON Merge Patch: `null` deletes, objects merge recursively, the rest replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    return patch;
  }
  const result: JsonObject =
    typeof target === "object" && target !== null && !Array.isArray(target)
      ? { ...(target as JsonObject) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
    } else {
      result[key] = mergePatch(result[key], value);
    }
  }
  return result;
}
