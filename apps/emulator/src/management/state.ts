/**
 * The management API's own state: the account, teams and the records of every resource. Live
 * parts (key-value databases, vector indexes) are held by their services; these records hold what
 * the API reports about them. Plain JSON data, so `persistence.ts` writes it as it is.
 */
import type { IndexType, SimilarityFunction } from "@stratus/core/schemas";

/** Owner of a resource: the account's email (its personal account) or a team id. */
export type OwnerId = string;

export interface AccountState {
  email: string;
  apiKey: string;
}

export interface TeamState {
  id: string;
  name: string;
  copyCc: boolean;
  /** Members besides the account, which is every team's owner. */
  members: { email: string; role: "admin" | "dev" | "finance" }[];
}

export interface DatabaseState {
  id: string;
  name: string;
  /** Its URL name, `/redis/{urlName}`; fixed at creation, like the service's endpoint. */
  urlName: string;
  ownerId: OwnerId;
  creationTimeS: number;
  platform: "aws" | "gcp";
  primaryRegion: string;
  readRegions: string[];
  plan: string;
  budget: number;
  tls: boolean;
  eviction: boolean;
  autoUpgrade: boolean;
  dailyBackup: boolean;
  prodPack: boolean;
  token: string;
  readOnlyToken: string;
  /** `update-allowlist`'s addresses; recorded only (Emulator difference: loopback serves all). */
  allowedIps?: string[];
}

export interface VectorIndexState {
  id: string;
  name: string;
  /** The service's index name, `/vector/{urlName}`; fixed at creation. */
  urlName: string;
  ownerId: OwnerId;
  creationTimeS: number;
  region: string;
  plan: "free" | "payg" | "fixed";
  indexType: IndexType;
  similarity: SimilarityFunction;
  dimension: number;
  embeddingModel: string;
  sparseEmbeddingModel: string;
}

export interface SearchIndexState {
  id: string;
  name: string;
  /**
   * The search database's URL slug, `/search/{urlName}` (the id for databases made through the
   * API, `default` for the one at start); absent in state saved before databases were live.
   */
  urlName?: string;
  ownerId: OwnerId;
  creationTimeS: number;
  region: string;
  plan: "free" | "payg" | "fixed";
  token: string;
  readOnlyToken: string;
}

export interface QueueState {
  id: string;
  ownerId: OwnerId;
  creationTimeS: number;
  plan: string;
  budget: number;
  prodPack: boolean;
  token: string;
  readOnlyToken: string;
  /** Signing keys of deliveries (queues-wire.md §5); absent in state saved before issue 19. */
  currentSigningKey?: string;
  nextSigningKey?: string;
}

export interface AuditLogState {
  id: string;
  timestampS: number;
  action: string;
  entity: string;
}

export interface ManagementState {
  account: AccountState;
  teams: TeamState[];
  databases: DatabaseState[];
  vectorIndexes: VectorIndexState[];
  searchIndexes: SearchIndexState[];
  queues: QueueState[];
  auditLogs: AuditLogState[];
}
