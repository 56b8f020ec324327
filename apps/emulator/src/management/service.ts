/**
 * The management API (`spec/management-api.md` §3): the account and its credentials, and one
 * service per resource kind — teams, Redis databases (live `KvDatabase`s served at `/redis/{name}`)
 * and their backups, vector indexes (through the vector service), search indexes and queue
 * instances (records), and the audit log. They share one state, saved whole through
 * `persistence.ts` on every mutation; this class loads it, wires them and closes them.
 */
import { generateToken, timingSafeEqual } from "@stratus/core/auth";
import type { KvDatabase } from "../kv/database.ts";
import type { KvDatabaseFactory } from "../kv/database-factory.ts";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import type { StoreState } from "../storage/index.ts";
import { AuditLog } from "./audit-log.ts";
import { ManagementContext } from "./context.ts";
import { BackupManagement } from "./database-backups.ts";
import { DatabaseManagement } from "./databases.ts";
import { type BackupStore, type ManagementStore, managementStoreState } from "./persistence.ts";
import { QueueManagement } from "./queues.ts";
import type { SearchDatabases } from "./search-contract.ts";
import { SearchIndexManagement } from "./search-indexes.ts";
import type { ManagementState } from "./state.ts";
import { TeamManagement } from "./teams.ts";
import type { VectorIndexes } from "./vector-contract.ts";
import { VectorIndexManagement } from "./vector-indexes.ts";

export interface ManagementOptions {
  readonly clock: { now(): number };
  readonly store: ManagementStore;
  /** Where backups are kept. @default in memory */
  readonly backups?: BackupStore | undefined;
  /** `--email` / `--api-key`; generated (and kept in the store) when absent. */
  readonly email?: string | undefined;
  readonly apiKey?: string | undefined;
  /** The router's databases by URL name: created databases are added, deleted ones removed. */
  readonly kvDatabases: Map<string, KvDatabase>;
  /**
   * True when the default database's tokens were given (flags, environment, config file): they
   * win over the kept ones. Otherwise the tokens kept from the last run are reused, so an `.env`
   * written once keeps working across restarts of a persistent emulator.
   */
  readonly defaultTokensGiven?: boolean | undefined;
  /** Makes databases; undefined over a proxied Redis, where creating one is refused. */
  readonly createKvDatabase?: KvDatabaseFactory | undefined;
  /** The vector service; undefined when the emulator has none. */
  readonly vector?: VectorIndexes | undefined;
  /** The search service; undefined when the emulator has none (search indexes are records). */
  readonly search?: SearchDatabases | undefined;
  readonly recorder: MetricsRecorder;
  /** The HTTP base URL, known once the server listens. */
  readonly baseUrl: () => string;
  readonly maxRequestBytes?: number | undefined;
}

export class ManagementService {
  readonly teams: TeamManagement;
  readonly databases: DatabaseManagement;
  readonly backups: BackupManagement;
  readonly vectorIndexes: VectorIndexManagement;
  readonly searchIndexes: SearchIndexManagement;
  readonly queues: QueueManagement;
  readonly auditLog: AuditLog;
  readonly #context: ManagementContext;

  private constructor(options: ManagementOptions, state: ManagementState) {
    const context = new ManagementContext({
      state,
      store: options.store,
      clock: options.clock,
      baseUrl: options.baseUrl,
    });
    const auditLog = new AuditLog({ context });
    const { recorder } = options;
    this.#context = context;
    this.auditLog = auditLog;
    this.teams = new TeamManagement({ context, auditLog });
    this.backups = new BackupManagement({
      context,
      auditLog,
      store: options.backups,
      kvDatabases: options.kvDatabases,
    });
    this.databases = new DatabaseManagement({
      context,
      auditLog,
      backups: this.backups,
      kvDatabases: options.kvDatabases,
      createKvDatabase: options.createKvDatabase,
      defaultTokensGiven: options.defaultTokensGiven,
      recorder,
      maxRequestBytes: options.maxRequestBytes,
    });
    this.vectorIndexes = new VectorIndexManagement({
      context,
      auditLog,
      vector: options.vector,
      recorder,
    });
    this.searchIndexes = new SearchIndexManagement({
      context,
      auditLog,
      recorder,
      search: options.search,
    });
    this.queues = new QueueManagement({ context, auditLog, recorder });
  }

  /** Loads the saved state (or starts one), and brings every saved database back to life. */
  static async open(options: ManagementOptions): Promise<ManagementService> {
    const saved = options.store.initial;
    const state: ManagementState = saved ?? {
      account: { email: "", apiKey: "" },
      teams: [],
      databases: [],
      vectorIndexes: [],
      searchIndexes: [],
      queues: [],
      auditLogs: [],
    };
    // Flags win over the saved account; a first start without flags generates credentials.
    const previousEmail = state.account.email;
    state.account = {
      email: options.email ?? (state.account.email || "dev@stratus.local"),
      apiKey: options.apiKey ?? (state.account.apiKey || generateToken()),
    };
    if (previousEmail !== "" && previousEmail !== state.account.email) {
      // A new --email renames the personal account: its resources follow it.
      for (const resource of [
        ...state.databases,
        ...state.vectorIndexes,
        ...state.searchIndexes,
        ...state.queues,
      ]) {
        if (resource.ownerId === previousEmail) {
          resource.ownerId = state.account.email;
        }
      }
    }
    const service = new ManagementService(options, state);
    await service.databases.startSaved();
    service.vectorIndexes.adoptServiceIndexes();
    await service.searchIndexes.reconcile();
    service.databases.adoptDefault();
    service.queues.ensureAccountQueue();
    await service.#context.save();
    return service;
  }

  get email(): string {
    return this.#context.email;
  }

  get apiKey(): string {
    return this.#context.state.account.apiKey;
  }

  /** Whether `email:apiKey` are the account's (both compared in constant time). */
  authenticate(credentials: { email: string; apiKey: string } | undefined): boolean {
    if (credentials === undefined) {
      return false;
    }
    const emailOk = timingSafeEqual(credentials.email, this.email);
    const keyOk = timingSafeEqual(credentials.apiKey, this.apiKey);
    return emailOk && keyOk;
  }

  /** The management records (tokens included) and backups now, for an emulator snapshot. */
  storeStates(): StoreState[] {
    return [managementStoreState(this.#context.state), this.backups.storeState()];
  }

  async close(): Promise<void> {
    await this.databases.close();
    await this.backups.close();
    await this.#context.close();
  }
}
