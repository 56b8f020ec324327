/**
 * The vector service: every index of the emulator, each served at `/vector/{name}` with its own
 * Standard and Read Only tokens (issue 6), and the contract the management API codes to
 * (`createIndex`, `getIndex`, `listIndexes`, `deleteIndex`). It keeps index lifecycle, tokens and
 * durability; the HTTP side of `/vector/{name}/…` (method, auth, command path, body, envelope,
 * usage) is `http/routes/vector.ts`, which looks an index up with `index(name)` and runs a
 * command with `execute`.
 */
import { generateToken } from "@stratus/core/auth";
import { IndexTypeSchema, SimilarityFunctionSchema } from "@stratus/core/schemas";
import { type FsyncPolicy, openStore, type Store, type StoreState } from "../storage/index.ts";
import { VectorBodyReader } from "./body-reader.ts";
import type { CommandContext, CommandOutcome, VectorCommand } from "./commands.ts";
import { createEmbedder } from "./embedder.ts";
import { VectorIndexExistsError, VectorIndexSpecError } from "./errors.ts";
import type { JournalEntry } from "./journal.ts";
import { VectorLimits } from "./limits.ts";
import {
  decodeJournalEntry,
  decodeSnapshot,
  encodeJournalEntry,
  encodeSnapshot,
  snapshotEntries,
} from "./persistence.ts";
import type {
  ResolvedVectorIndexSpec,
  VectorClock,
  VectorIndexHandle,
  VectorIndexSpec,
} from "./types.ts";
import { VectorIndex, type VectorIndexOptions } from "./vector-index.ts";

/** The store's name in its area of the data directory. */
const VECTOR_STORE_NAME = "vector";

export { VectorIndexExistsError, VectorIndexSpecError } from "./errors.ts";
export type {
  ResolvedVectorIndexSpec,
  VectorIndexHandle,
  VectorIndexSpec,
  VectorOperation,
} from "./types.ts";

export interface VectorServiceOptions {
  readonly clock: VectorClock;
  /** Where indexes persist (`dataDir.areas.vector`); only {@link VectorService.open} reads it. */
  readonly storeDirectory?: string | undefined;
  /** @default "everysec" */
  readonly fsync?: FsyncPolicy | undefined;
  /** How long a write stays pending before queries see it. @default 0 */
  readonly indexingDelayMs?: number | undefined;
  /** Where the store's warnings (a truncated log tail) go. */
  readonly onError?: ((error: unknown) => void) | undefined;
  /**
   * Approximate (HNSW) search for DENSE indexes, or `false` for the exact scan always.
   * @default {} (the defaults of {@link ApproximateSearchConfig})
   */
  readonly approximateSearch?: ApproximateSearchConfig | false | undefined;
  /**
   * Request bodies of at least this many bytes have their record vectors read by two threads
   * (a worker beside the main thread), `false` for one thread always (`body-reader.ts`).
   * @default 262144 (`DEFAULT_PARALLEL_BODY_BYTES`)
   */
  readonly parallelBodyBytes?: number | false | undefined;
}

/** When DENSE queries use an HNSW graph instead of the exact scan (docs/vector-search.md). */
export interface ApproximateSearchConfig {
  /** Dense vectors a namespace holds before it keeps a graph and queries use it. @default 20000 */
  readonly minVectors?: number | undefined;
  /**
   * Candidates a graph search keeps (hnswlib's `ef`), at least `topK`. @default 128 up to
   * 100,000 vectors in the namespace, 128 more per tenfold beyond (`efForSize`)
   */
  readonly ef?: number | undefined;
  /**
   * Whether new vectors are linked into the graph in background slices; when false they wait
   * for `NamespaceStore.linkPending` (tests). Queries scan unlinked vectors exactly either way.
   * @default true
   */
  readonly linkInBackground?: boolean | undefined;
}

/** Dense vectors from which a namespace's queries use the graph (measured: docs/vector-search.md). */
export const DEFAULT_APPROXIMATE_MIN_VECTORS = 20_000;

const INDEX_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

export class VectorService {
  readonly #options: VectorServiceOptions;
  readonly #indexes = new Map<string, VectorIndex>();
  #store: Store | undefined;
  #isReplaying = false;
  #isClosed = false;
  readonly #bodies: VectorBodyReader;

  /** An in-memory service; {@link VectorService.open} for one that persists. */
  constructor(options: VectorServiceOptions) {
    this.#options = options;
    this.#bodies = new VectorBodyReader({ parallelBodyBytes: options.parallelBodyBytes });
  }

  /** Opens the service and replays its store when `storeDirectory` is set. */
  static async open(options: VectorServiceOptions): Promise<VectorService> {
    const service = new VectorService(options);
    if (options.storeDirectory !== undefined) {
      const store = await openStore({
        dataDir: options.storeDirectory,
        name: VECTOR_STORE_NAME,
        fsync: options.fsync,
        onWarning: (message) => options.onError?.(new Error(message)),
      });
      try {
        service.#replay(await store.load());
      } catch (error: unknown) {
        await store.close();
        throw error;
      }
      service.#store = store;
    }
    return service;
  }

  /**
   * Creates an index; its dimension comes from its dense model when it has one.
   * @throws {VectorIndexExistsError} when the name is taken.
   * @throws {VectorIndexSpecError} for an unusable spec.
   */
  async createIndex(spec: VectorIndexSpec): Promise<VectorIndexHandle> {
    const index = this.#create(spec);
    await this.#commit();
    return index;
  }

  getIndex(name: string): VectorIndexHandle | undefined {
    return this.#indexes.get(name);
  }

  listIndexes(): VectorIndexHandle[] {
    return [...this.#indexes.values()];
  }

  /** Deletes an index: its URL then answers 404 and its tokens nothing. */
  async deleteIndex(name: string): Promise<boolean> {
    const index = this.#indexes.get(name);
    if (index === undefined) {
      return false;
    }
    index.resumable.clear();
    index.close();
    this.#indexes.delete(name);
    this.#journal({ op: "drop", index: name });
    await this.#commit();
    return true;
  }

  /** The index served at `/vector/{name}`: the HTTP layer checks tokens with its `verify`. */
  index(name: string): VectorIndex | undefined {
    return this.#indexes.get(name);
  }

  /**
   * Runs `command` on `context.index` and resolves when it may be answered: a write once its
   * journal entries are on disk (the store's fsync policy), a read once earlier writes are
   * (`#awaitEarlierWrites`). A client mistake throws a `VectorRequestError`.
   */
  async execute(command: VectorCommand, context: CommandContext): Promise<CommandOutcome> {
    const outcome = command.run(context);
    if (command.isWrite) {
      await this.#commit();
    } else {
      await this.#awaitEarlierWrites();
    }
    return outcome;
  }

  /**
   * A request body as `parseVectorBody` reads it (the same value or the same throw), the record
   * vectors of a large one read by two threads.
   */
  readBody(body: Uint8Array): unknown {
    return this.#bodies.read(body);
  }

  /**
   * Starts the thread that reads large bodies beside the main thread now rather than on the
   * first large body; resolves whether it runs (benches time it apart from the requests).
   */
  startBodyReader(): Promise<boolean> {
    return this.#bodies.start();
  }

  /** Every index (spec, tokens, records) as the store's snapshot holds it, for an emulator snapshot. */
  storeState(): StoreState {
    return {
      name: VECTOR_STORE_NAME,
      state: encodeSnapshot(snapshotEntries(this.#indexes.values())),
    };
  }

  /** Snapshots (when persisting) and closes the store. Idempotent. */
  async close(): Promise<void> {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
    await this.#bodies.close();
    for (const index of this.#indexes.values()) {
      index.close();
    }
    const store = this.#store;
    this.#store = undefined;
    if (store !== undefined) {
      try {
        await store.snapshot(encodeSnapshot(snapshotEntries(this.#indexes.values())));
      } finally {
        await store.close();
      }
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #create(spec: VectorIndexSpec): VectorIndex {
    if (this.#indexes.has(spec.name)) {
      throw new VectorIndexExistsError(spec.name);
    }
    const resolved = resolveSpec(spec);
    const index = this.#instantiate(
      resolved,
      spec.token ?? generateToken(),
      spec.readOnlyToken ?? generateToken(),
    );
    this.#journal({
      op: "create",
      spec: resolved,
      token: index.token,
      readOnlyToken: index.readOnlyToken,
    });
    return index;
  }

  #instantiate(spec: ResolvedVectorIndexSpec, token: string, readOnlyToken: string): VectorIndex {
    const index = new VectorIndex({
      spec,
      token,
      readOnlyToken,
      clock: this.#options.clock,
      indexingDelayMs: this.#options.indexingDelayMs ?? 0,
      embedder: createEmbedder({
        dense: spec.denseEmbeddingModel,
        sparse: spec.sparseEmbeddingModel,
      }),
      journal: (entry) => this.#journal(entry),
      approximate: this.#approximateOptions(),
    });
    this.#indexes.set(spec.name, index);
    return index;
  }

  #approximateOptions(): VectorIndexOptions["approximate"] {
    const config = this.#options.approximateSearch ?? {};
    if (config === false) {
      return undefined;
    }
    return {
      minVectors: config.minVectors ?? DEFAULT_APPROXIMATE_MIN_VECTORS,
      ef: config.ef,
      linkInBackground: config.linkInBackground ?? true,
    };
  }

  #journal(entry: JournalEntry): void {
    if (!this.#isReplaying) {
      this.#store?.append(encodeJournalEntry(entry));
    }
  }

  /** Waits until journalled writes are on disk, then snapshots when the log has grown large. */
  async #commit(): Promise<void> {
    const store = this.#store;
    if (store === undefined) {
      return;
    }
    await store.flush();
    if (store.snapshotDue) {
      await store.snapshot(encodeSnapshot(snapshotEntries(this.#indexes.values())));
    }
  }

  /**
   * Under fsync `always`, a read that ran while earlier writes (any client's) are not yet fsynced
   * answers only after that fsync, as Redis releases no reply before it: otherwise a reader could
   * see a record that a crash then loses.
   */
  #awaitEarlierWrites(): Promise<void> | undefined {
    const store = this.#store;
    if (store === undefined || store.isFlushed || this.#options.fsync !== "always") {
      return undefined;
    }
    return store.flush();
  }

  #replay(contents: { snapshot: Uint8Array | undefined; records: Uint8Array[] }): void {
    this.#isReplaying = true;
    try {
      if (contents.snapshot !== undefined) {
        for (const entry of decodeSnapshot(contents.snapshot)) {
          this.#apply(entry);
        }
      }
      for (const record of contents.records) {
        this.#apply(decodeJournalEntry(record));
      }
    } finally {
      this.#isReplaying = false;
    }
  }

  #apply(entry: JournalEntry): void {
    const index = this.#indexes.get(entry.op === "create" ? entry.spec.name : entry.index);
    if (index === undefined && entry.op !== "create") {
      return;
    }
    switch (entry.op) {
      case "create":
        this.#indexes.get(entry.spec.name)?.close();
        this.#indexes.delete(entry.spec.name);
        this.#instantiate(entry.spec, entry.token, entry.readOnlyToken);
        return;
      case "drop":
        index?.close();
        this.#indexes.delete(entry.index);
        return;
      case "tokens":
        index?.setTokens(entry.token, entry.readOnlyToken);
        return;
      case "put":
        index?.applyPut(entry.namespace, entry.records);
        return;
      case "delete":
        index?.applyDelete(entry.namespace, entry.ids);
        return;
      case "reset":
        index?.applyReset(entry.namespace);
        return;
      case "drop-namespace":
        index?.applyDropNamespace(entry.namespace);
        return;
      case "rename-namespace":
        index?.applyRenameNamespace(entry.from, entry.to);
        return;
    }
  }
}

/** Checks a spec and fills in the dimension from the dense model. */
function resolveSpec(spec: VectorIndexSpec): ResolvedVectorIndexSpec {
  if (!INDEX_NAME.test(spec.name)) {
    throw new VectorIndexSpecError(
      `Invalid index name ${JSON.stringify(spec.name)}: use letters, digits, '.', '_' and '-'.`,
    );
  }
  if (!IndexTypeSchema.options.includes(spec.type)) {
    throw new VectorIndexSpecError(`Invalid index type ${JSON.stringify(spec.type)}.`);
  }
  if (!SimilarityFunctionSchema.options.includes(spec.similarity)) {
    throw new VectorIndexSpecError(
      `Invalid similarity function ${JSON.stringify(spec.similarity)}.`,
    );
  }
  const embedder = createEmbedder({
    dense: spec.type === "SPARSE" ? undefined : spec.denseEmbeddingModel,
    sparse: spec.type === "DENSE" ? undefined : spec.sparseEmbeddingModel,
  });
  let dimension = 0;
  if (spec.type !== "SPARSE") {
    dimension = embedder.denseDimension ?? spec.dimension ?? 0;
    if (
      embedder.denseDimension !== undefined &&
      spec.dimension !== undefined &&
      spec.dimension !== embedder.denseDimension
    ) {
      throw new VectorIndexSpecError(
        `The dense model ${embedder.denseModel} has dimension ${embedder.denseDimension}, not ${spec.dimension}.`,
      );
    }
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > VectorLimits.MAX_DIMENSION) {
      throw new VectorIndexSpecError(
        `A ${spec.type} index needs a dimension from 1 to ${VectorLimits.MAX_DIMENSION} or a dense embedding model.`,
      );
    }
  }
  const { token: _token, readOnlyToken: _readOnlyToken, ...rest } = spec;
  return {
    ...rest,
    dimension,
    ...(embedder.denseModel !== undefined && { denseEmbeddingModel: embedder.denseModel }),
    ...(embedder.sparseModel !== undefined && { sparseEmbeddingModel: embedder.sparseModel }),
  };
}
