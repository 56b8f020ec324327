/**
 * The vector service: every index of the emulator, each served at `/vector/{name}` with its own
 * Standard and Read Only tokens (issue 6), and the contract the management API codes to
 * (`createIndex`, `getIndex`, `listIndexes`, `deleteIndex`). `admit` is the router's hook: method,
 * index and token from the head, then command and body, then `{"result": …}` or
 * `{"error": …, "status": …}`
 * (vector-rest-wire.md §1).
 */
import { generateToken, parseBearerToken } from "@stratus/core/auth";
import { type FsyncPolicy, openStore, type Store } from "../storage/index.ts";
import { type CommandOutcome, VECTOR_COMMANDS } from "./commands.ts";
import { createEmbedder } from "./embedder.ts";
import {
  VectorIndexExistsError,
  VectorIndexSpecError,
  VectorMessages,
  VectorRequestError,
} from "./errors.ts";
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
  VectorAdmission,
  VectorClock,
  VectorIndexHandle,
  VectorIndexSpec,
  VectorRequest,
  VectorRequestHead,
  VectorResponse,
  VectorRoute,
  VectorUsageSample,
} from "./types.ts";
import { DEFAULT_NAMESPACE, type VectorGrant, VectorIndex } from "./vector-index.ts";

export { VectorIndexExistsError, VectorIndexSpecError } from "./errors.ts";
export type {
  ResolvedVectorIndexSpec,
  VectorAdmission,
  VectorIndexHandle,
  VectorIndexSpec,
  VectorIndexStats,
  VectorIndexType,
  VectorRequest,
  VectorRequestHead,
  VectorResponse,
  VectorRoute,
  VectorSimilarity,
  VectorUsageSample,
} from "./types.ts";

export interface VectorServiceOptions {
  readonly clock: VectorClock;
  /** Where indexes persist (`dataDir.areas.vector`); only {@link VectorService.open} reads it. */
  readonly storeDirectory?: string | undefined;
  /** @default "everysec" */
  readonly fsync?: FsyncPolicy | undefined;
  /** How long a write stays pending before queries see it. @default 0 */
  readonly indexingDelayMs?: number | undefined;
  /** Called once per HTTP request, for metrics. */
  readonly onUsage?: ((sample: VectorUsageSample) => void) | undefined;
  /** Where internal errors (bugs, failed writes) go. */
  readonly onError?: ((error: unknown) => void) | undefined;
}

const ALLOWED_METHODS = new Set(["GET", "POST", "PUT", "DELETE"]);
const INDEX_TYPES = ["DENSE", "SPARSE", "HYBRID"] as const;
const SIMILARITIES = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] as const;
const INDEX_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class VectorService {
  readonly #options: VectorServiceOptions;
  readonly #indexes = new Map<string, VectorIndex>();
  #store: Store | undefined;
  #isReplaying = false;
  #isClosed = false;

  /** An in-memory service; {@link VectorService.open} for one that persists. */
  constructor(options: VectorServiceOptions) {
    this.#options = options;
  }

  /** Opens the service and replays its store when `storeDirectory` is set. */
  static async open(options: VectorServiceOptions): Promise<VectorService> {
    const service = new VectorService(options);
    if (options.storeDirectory !== undefined) {
      const store = await openStore({
        dataDir: options.storeDirectory,
        name: "vector",
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
    this.#indexes.delete(name);
    this.#journal({ op: "drop", index: name });
    await this.#commit();
    return true;
  }

  /**
   * The router's hook for `/vector/{name}/…`, in two steps: method, index and token are checked
   * from the head, before any byte of the body is read; the admitted request then runs.
   * `route.path` is the rest of the path, still percent-encoded.
   */
  admit(head: VectorRequestHead, route: VectorRoute): VectorAdmission {
    const startedAt = performance.now();
    let grant: VectorGrant;
    try {
      grant = this.#authorize(head, route.name);
    } catch (error: unknown) {
      const answer = this.#errorResponse(error);
      this.#recordUsage({ route, startedAt, operation: "other", count: 0, bytesIn: 0, answer });
      return { answer };
    }
    return { run: (request) => this.#run(request, { route, grant }) };
  }

  /** A whole request, both steps at once. */
  async handle(request: VectorRequest, route: VectorRoute): Promise<VectorResponse> {
    const admission = this.admit(request, route);
    return "answer" in admission ? admission.answer : admission.run(request);
  }

  /** Snapshots (when persisting) and closes the store. Idempotent. */
  async close(): Promise<void> {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
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

  /** The grant of the request's token, or a 405, 404 or 401. */
  #authorize(head: VectorRequestHead, name: string): VectorGrant {
    if (!ALLOWED_METHODS.has(head.method)) {
      throw new VectorRequestError(
        405,
        `Method ${head.method} is not allowed: use GET, POST, PUT or DELETE.`,
      );
    }
    const index = this.#indexes.get(name);
    if (index === undefined) {
      throw new VectorRequestError(404, `Vector index ${name} does not exist.`);
    }
    const grant = index.verify(parseBearerToken(head.headers.get("authorization")));
    if (grant === undefined) {
      throw new VectorRequestError(401, VectorMessages.UNAUTHORIZED);
    }
    return grant;
  }

  async #run(
    request: VectorRequest,
    { route, grant }: { route: VectorRoute; grant: VectorGrant },
  ): Promise<VectorResponse> {
    const startedAt = performance.now();
    let operation: VectorUsageSample["operation"] = "other";
    let count = 0;
    let answer: VectorResponse;
    try {
      const { name } = splitCommandPath(route.path);
      operation = VECTOR_COMMANDS[name]?.operation ?? "other";
      const outcome = await this.#dispatch(request, { route, grant });
      count = outcome.count;
      answer = envelope(200, { result: outcome.result });
    } catch (error: unknown) {
      answer = this.#errorResponse(error);
    }
    this.#recordUsage({
      route,
      startedAt,
      operation,
      count,
      bytesIn: request.body.byteLength,
      answer,
    });
    return answer;
  }

  #recordUsage(sample: {
    route: VectorRoute;
    startedAt: number;
    operation: VectorUsageSample["operation"];
    count: number;
    bytesIn: number;
    answer: VectorResponse;
  }): void {
    if (this.#indexes.has(sample.route.name)) {
      this.#options.onUsage?.({
        index: sample.route.name,
        operation: sample.operation,
        count: sample.count,
        latencyMs: performance.now() - sample.startedAt,
        bytesIn: sample.bytesIn,
        bytesOut: sample.answer.body.byteLength,
      });
    }
  }

  async #dispatch(
    request: VectorRequest,
    { route, grant }: { route: VectorRoute; grant: VectorGrant },
  ): Promise<CommandOutcome> {
    // Admitted: the index existed when the head was read; it may have been deleted since.
    const index = this.#indexes.get(route.name);
    if (index === undefined) {
      throw new VectorRequestError(404, `Vector index ${route.name} does not exist.`);
    }
    const { name, namespace } = splitCommandPath(route.path);
    const command = VECTOR_COMMANDS[name];
    if (command === undefined) {
      throw new VectorRequestError(
        400,
        name === ""
          ? "Invalid command: the URL names no command, e.g. /info or /query."
          : `Invalid command: ${name} is not a vector command.`,
      );
    }
    if (namespace !== undefined && !command.isNamespaced) {
      throw new VectorRequestError(400, `Invalid command: ${name} takes no namespace.`);
    }
    if (command.isWrite && grant === "read-only") {
      throw new VectorRequestError(
        403,
        `Forbidden: ${name} writes, and the Read Only token only reads. Use the Standard token.`,
      );
    }
    const outcome = command.run({
      index,
      namespace: namespace ?? DEFAULT_NAMESPACE,
      body: parseBody(request.body),
      query: request.query,
    });
    if (command.isWrite) {
      await this.#commit();
    } else {
      await this.#awaitEarlierWrites();
    }
    return outcome;
  }

  #errorResponse(error: unknown): VectorResponse {
    if (error instanceof VectorRequestError) {
      return envelope(error.status, { error: error.message, status: error.status });
    }
    this.#options.onError?.(error);
    return envelope(500, {
      error: "Internal error in the emulator's vector service.",
      status: 500,
    });
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
    });
    this.#indexes.set(spec.name, index);
    return index;
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
        this.#indexes.delete(entry.spec.name);
        this.#instantiate(entry.spec, entry.token, entry.readOnlyToken);
        return;
      case "drop":
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
  if (!INDEX_TYPES.includes(spec.type)) {
    throw new VectorIndexSpecError(`Invalid index type ${JSON.stringify(spec.type)}.`);
  }
  if (!SIMILARITIES.includes(spec.similarity)) {
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

/**
 * `upsert/ns` → command `upsert`, namespace `ns`. The SDK appends the namespace raw, so it is
 * percent-decoded here (§1.1); everything after the command is the namespace.
 */
function splitCommandPath(path: string): { name: string; namespace: string | undefined } {
  const trimmed = path.replace(/^\/+/, "");
  const slash = trimmed.indexOf("/");
  if (slash === -1) {
    return { name: trimmed, namespace: undefined };
  }
  const raw = trimmed.slice(slash + 1);
  let namespace: string;
  try {
    namespace = decodeURIComponent(raw);
  } catch {
    namespace = raw;
  }
  return { name: trimmed.slice(0, slash), namespace };
}

/** The body as JSON whatever the content type (§1.2); empty is undefined. */
function parseBody(body: Uint8Array): unknown {
  const text = decoder.decode(body);
  if (text.trim() === "") {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new VectorRequestError(
      400,
      `Invalid request body: not JSON (${JSON.stringify(text.slice(0, 40))}).`,
    );
  }
}

function envelope(status: number, value: unknown): VectorResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: encoder.encode(JSON.stringify(value)),
  };
}
