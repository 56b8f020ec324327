/**
 * The search service (search-wire.md): every search database of the emulator, each served at
 * `/search/{name}` with its own Standard and Read Only tokens. A search database *is* a HYBRID
 * vector index — the offline BGE_SMALL_EN_V1_5 dense model and the BM25 sparse model, COSINE —
 * whose namespaces are the search indexes. The databases live in a `VectorService` of their own
 * (its own store under the data directory's `search/` area, so they never show up among the
 * vector indexes), which gives them the vector store's journal, snapshots, fsync policy,
 * indexing delay and clock unchanged. The HTTP side is `http/routes/search.ts`.
 */
import { generateToken } from "@stratus/core/auth";
import type { FsyncPolicy, StoreState } from "../storage/index.ts";
import type { CommandContext } from "../vector/commands.ts";
import { VectorService } from "../vector/service.ts";
import type { VectorIndexStats } from "../vector/types.ts";
import type { VectorIndex } from "../vector/vector-index.ts";
import { type SearchCommand, type SearchOutcome, searchCommands } from "./commands.ts";

export interface SearchServiceOptions {
  readonly clock: { now(): number };
  /** Where databases persist (`dataDir.areas.search`); only {@link SearchService.open} reads it. */
  readonly storeDirectory?: string | undefined;
  /** @default "everysec" */
  readonly fsync?: FsyncPolicy | undefined;
  /** How long an upsert stays pending before searches see it. @default 0 */
  readonly indexingDelayMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** What a search database is created with. */
export interface SearchDatabaseSpec {
  /** URL slug: served at `/search/{name}`; immutable. */
  readonly name: string;
  /** @default generated */
  readonly token?: string | undefined;
  /** @default generated */
  readonly readOnlyToken?: string | undefined;
}

/** A search database as the management API and the wiring see it. */
export interface SearchDatabaseHandle {
  readonly name: string;
  readonly token: string;
  readonly readOnlyToken: string;
  /** New tokens; the old ones are refused at once. */
  resetTokens(): { token: string; readOnlyToken: string };
  /** Documents (`vectorCount`), pending ones and bytes, over every search index. */
  stats(): VectorIndexStats;
}

/** The models and similarity of every search database. */
export const SEARCH_DATABASE_MODELS = {
  type: "HYBRID",
  similarity: "COSINE",
  denseEmbeddingModel: "BGE_SMALL_EN_V1_5",
  sparseEmbeddingModel: "BM25",
} as const;

export class SearchService {
  #vector: VectorService;
  readonly commands: Readonly<Record<string, SearchCommand>>;

  /** An in-memory service; {@link SearchService.open} for one that persists. */
  constructor(options: SearchServiceOptions) {
    this.#vector = new VectorService(options);
    this.commands = searchCommands();
  }

  static async open(options: SearchServiceOptions): Promise<SearchService> {
    const service = new SearchService(options);
    service.#vector = await VectorService.open(options);
    return service;
  }

  /**
   * Creates a database.
   * @throws {VectorIndexExistsError} when the name is taken (`code` `ERR_VECTOR_INDEX_EXISTS`).
   * @throws {VectorIndexSpecError} for a name that cannot be a URL slug.
   */
  async createDatabase(spec: SearchDatabaseSpec): Promise<SearchDatabaseHandle> {
    return await this.#vector.createIndex({
      name: spec.name,
      ...SEARCH_DATABASE_MODELS,
      token: spec.token ?? generateToken(),
      readOnlyToken: spec.readOnlyToken ?? generateToken(),
    });
  }

  getDatabase(name: string): SearchDatabaseHandle | undefined {
    return this.#vector.getIndex(name);
  }

  listDatabases(): SearchDatabaseHandle[] {
    return this.#vector.listIndexes();
  }

  /** Deletes a database: its URL then answers 404 and its tokens nothing. */
  deleteDatabase(name: string): Promise<boolean> {
    return this.#vector.deleteIndex(name);
  }

  /** The index behind `/search/{name}`: the HTTP layer checks tokens with its `verify`. */
  database(name: string): VectorIndex | undefined {
    return this.#vector.index(name);
  }

  /** Runs a command with the vector service's durability (a write answers once journalled). */
  async execute(command: SearchCommand, context: CommandContext): Promise<SearchOutcome> {
    // `VectorService.execute` resolves with the command's own outcome object.
    return (await this.#vector.execute(command, context)) as SearchOutcome;
  }

  /** Every database and its documents, for an emulator snapshot. */
  storeState(): StoreState {
    return this.#vector.storeState();
  }

  close(): Promise<void> {
    return this.#vector.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
