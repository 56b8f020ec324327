/**
 * What the screens talk to: the key-value client from `@stratus/client`, and the management
 * operations the TUI needs, as one small interface. Screens never build clients or URLs; they take
 * a {@link Services} (tests hand in one bound to an in-process emulator).
 */
import type { Kv } from "@stratus/client";
import type {
  Database,
  DatabaseStats,
  FaultRuleState,
  IndexInfo,
  QStashUser,
  SearchIndex,
  StatsPeriod,
  Team,
  VectorIndex,
  VectorStats,
} from "@stratus/core/schemas";
import type { ServiceTarget } from "./problem.ts";
import type { QueueOverview } from "./queue-overview.ts";

/** The management operations the TUI uses (management-api.md §3). */
export interface ManagementService {
  listDatabases(): Promise<readonly Database[]>;
  listVectorIndexes(): Promise<readonly VectorIndex[]>;
  listSearchIndexes(): Promise<readonly SearchIndex[]>;
  listQueues(): Promise<readonly QStashUser[]>;
  listTeams(): Promise<readonly Team[]>;
  /** `GET /redis/stats/{id}?period=` (§6.4). */
  databaseStats(id: string, period: StatsPeriod): Promise<DatabaseStats>;
  /** `GET /vector/index/{id}/stats?period=` (§6.3). */
  vectorIndexStats(id: string, period: StatsPeriod): Promise<VectorStats>;
  /** `GET /search/{id}/stats?period=`: the same shape as vector stats (§3.4). */
  searchIndexStats(id: string, period: StatsPeriod): Promise<VectorStats>;
  /**
   * The documents of a search database, from its own REST `info` (search-wire.md §3.7), reached
   * at its record's `endpoint` with its `token`.
   */
  searchDocumentCount(database: SearchIndex): Promise<number>;
  /**
   * The Queues screen's view of a queue instance, read from its own queue API at its record's
   * `rest_url` with its `token` (queues-wire.md §2).
   */
  queueOverview(queue: QStashUser): Promise<QueueOverview>;
  /** `search/{index}` on a search database (search-wire.md §3.2). */
  searchQuery(
    database: SearchIndex,
    request: SearchQueryRequest,
  ): Promise<readonly SearchQueryHit[]>;
  /** The emulator's fault rules with their counts (`GET /_stratus/faults`). */
  faults(): Promise<readonly FaultRuleState[]>;
}

/** A query typed on the Search screen. */
export interface SearchQueryRequest {
  /** The search index (a namespace of the database). */
  readonly index: string;
  readonly query: string;
  readonly limit: number;
}

/** One hit as the Search screen shows it. */
export interface SearchQueryHit {
  readonly id: string;
  readonly score: number;
  readonly content: Readonly<Record<string, unknown>>;
}

/** The vector REST operations the TUI uses (vector-rest-wire.md). */
export interface VectorService {
  /** `info`: counts, dimension, similarity and namespaces of the index at `--vector-url`. */
  info(): Promise<IndexInfo>;
}

/** A resource picked on the Resources screen. */
export interface ResourceRef {
  readonly kind: "database" | "vector" | "search";
  readonly id: string;
  readonly name: string;
}

/** A client, or why there is none. */
export type Connection<TClient> =
  | { readonly kind: "ready"; readonly client: TClient; readonly target: ServiceTarget }
  | { readonly kind: "missing"; readonly target: ServiceTarget };

/** Everything the screens may call. */
export interface Services {
  readonly kv: Connection<Kv>;
  readonly management: Connection<ManagementService>;
  readonly vector: Connection<VectorService>;
  /** Closes every client. */
  close(): Promise<void>;
}

/** Where each service is, for problem texts. */
export const ServiceTargets = {
  kv: (url: string): ServiceTarget => ({
    name: "key-value REST",
    url,
    urlFlag: "--kv-url / STRATUS_KV_URL",
    credentialFlags: "--kv-token / STRATUS_KV_TOKEN",
  }),
  management: (url: string): ServiceTarget => ({
    name: "management API",
    url,
    urlFlag: "--management-url / STRATUS_MANAGEMENT_URL",
    credentialFlags: "--email and --api-key (STRATUS_EMAIL, STRATUS_API_KEY)",
  }),
  vector: (url: string): ServiceTarget => ({
    name: "vector REST",
    url,
    urlFlag: "--vector-url / STRATUS_VECTOR_URL",
    credentialFlags: "--vector-token / STRATUS_VECTOR_TOKEN",
  }),
} as const;
