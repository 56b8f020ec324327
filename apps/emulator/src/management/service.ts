/**
 * The management API's operations (`spec/management-api.md` §3): the account, teams, Redis
 * databases (live `KvDatabase`s served at `/redis/{name}`), vector indexes (through the vector
 * service), search indexes (records) and queue instances (records, one per account and per team).
 * Bodies arrive parsed by core schemas; every mutation is saved through `persistence.ts`.
 */
import { randomUUID } from "node:crypto";
import { generateToken, timingSafeEqual } from "@stratus/core/auth";
import {
  type AddTeamMemberBody,
  type Backup,
  type ChangePlanBody,
  type CreateDatabaseBody,
  type CreateSearchIndexBody,
  type CreateTeamBody,
  type CreateVectorIndexBody,
  type Database,
  type DatabaseStats,
  DENSE_EMBEDDING_MODEL_DIMENSIONS,
  type DeleteTeamMemberBody,
  type GlobalStats,
  type QStashStats,
  type QStashUser,
  type SearchIndex,
  type StatsPeriod,
  type Team,
  type TeamMember,
  type VectorIndex,
  type VectorStats,
} from "@stratus/core/schemas";
import type { KvDatabase } from "../kv/database.ts";
import {
  type KvDatabaseFactory,
  kvKeyCount,
  type OwnedKvDatabase,
} from "../kv/database-factory.ts";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import { backupSize, restoreBackup, takeBackup } from "./backups.ts";
import { badRequest, ManagementError, notFound } from "./errors.ts";
import { uniqueUrlName } from "./naming.ts";
import type { BackupStore, ManagementStore, StoredBackup } from "./persistence.ts";
import { vectorCost } from "./pricing.ts";
import {
  databaseRecord,
  type Location,
  queueRecord,
  searchIndexRecord,
  teamMemberRecords,
  teamRecord,
  vectorIndexRecord,
} from "./records.ts";
import type {
  DatabaseState,
  ManagementState,
  OwnerId,
  QueueState,
  SearchIndexState,
  TeamState,
  VectorIndexState,
} from "./state.ts";
import {
  databaseStats,
  queueStats,
  VECTOR_QUERY_OPS,
  VECTOR_UPDATE_OPS,
  vectorStats,
} from "./stats.ts";
import type { VectorIndexes, VectorIndexHandle, VectorIndexSpec } from "./vector-contract.ts";

/** Audit log entries kept (oldest dropped first). */
const AUDIT_LOG_ENTRIES = 500;
/** The default database's URL name (`emulator.ts` serves it at the root too). */
const DEFAULT_DATABASE_NAME = "default";
/** URL names never given to created databases: the default database's. */
const RESERVED_DATABASE_NAMES = new Set([DEFAULT_DATABASE_NAME]);

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
  readonly recorder: MetricsRecorder;
  /** The HTTP base URL, known once the server listens. */
  readonly baseUrl: () => string;
  readonly maxRequestBytes?: number | undefined;
}

/** A `PATCH` budget or a toggle on a database. */
export type DatabaseFlag = "tls" | "eviction" | "autoUpgrade" | "dailyBackup" | "prodPack";

const FLAG_WORDING: Record<DatabaseFlag, string> = {
  tls: "tls",
  eviction: "eviction",
  autoUpgrade: "autoupgrade",
  dailyBackup: "daily backup",
  prodPack: "prod pack",
};

export class ManagementService {
  readonly #options: ManagementOptions;
  readonly #state: ManagementState;
  readonly #live = new Map<string, OwnedKvDatabase>();
  #backups: BackupStore | undefined;
  /**
   * URL names chosen by creations still in progress: creating an engine is asynchronous, so two
   * concurrent creations with one name must not both pick it.
   */
  readonly #pendingUrlNames = new Set<string>();

  private constructor(options: ManagementOptions, state: ManagementState) {
    this.#options = options;
    this.#state = state;
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
    for (const database of state.databases) {
      if (database.urlName !== DEFAULT_DATABASE_NAME) {
        await service.#startDatabase(database);
      }
    }
    service.#adoptVectorIndexes();
    service.#adoptDefaultDatabase();
    if (!state.queues.some((queue) => queue.ownerId === state.account.email)) {
      state.queues.push(service.#newQueue(state.account.email));
    }
    await service.#save();
    return service;
  }

  get email(): string {
    return this.#state.account.email;
  }

  get apiKey(): string {
    return this.#state.account.apiKey;
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

  async close(): Promise<void> {
    await Promise.all([...this.#live.values()].map((owned) => owned.close()));
    this.#live.clear();
    await this.#options.backups?.close();
    await this.#options.store.close(this.#state);
  }

  // ---------------------------------------------------------------------------------------------
  // Teams (§3.2)
  // ---------------------------------------------------------------------------------------------

  listTeams(): Team[] {
    return this.#state.teams.map(teamRecord);
  }

  async createTeam(body: CreateTeamBody): Promise<Team> {
    const team: TeamState = {
      id: randomUUID(),
      name: body.team_name,
      copyCc: body.copy_cc,
      members: [],
    };
    this.#state.teams.push(team);
    // The service gives every team its own queue user (issue 7).
    this.#state.queues.push(this.#newQueue(team.id));
    await this.#audit("Create Team", team.id);
    return teamRecord(team);
  }

  async deleteTeam(id: string): Promise<"OK"> {
    const team = this.#team(id);
    const owned = [
      ...this.#state.databases,
      ...this.#state.vectorIndexes,
      ...this.#state.searchIndexes,
    ].filter((resource) => resource.ownerId === team.id);
    if (owned.length > 0) {
      badRequest(
        `team ${team.name} still owns ${owned.length} resource(s): delete them or move them to another team first`,
      );
    }
    this.#state.teams = this.#state.teams.filter((entry) => entry !== team);
    this.#state.queues = this.#state.queues.filter((queue) => queue.ownerId !== team.id);
    await this.#audit("Delete Team", team.id);
    return "OK";
  }

  listMembers(teamId: string): TeamMember[] {
    return teamMemberRecords(this.#team(teamId), this.email);
  }

  async addMember(body: AddTeamMemberBody): Promise<TeamMember> {
    const team = this.#team(body.team_id);
    if (
      body.member_email === this.email ||
      team.members.some((member) => member.email === body.member_email)
    ) {
      badRequest(`${body.member_email} is already a member of team ${team.name}`);
    }
    team.members.push({ email: body.member_email, role: body.member_role });
    await this.#audit("Add Team Member", team.id);
    return {
      team_id: team.id,
      team_name: team.name,
      member_email: body.member_email,
      member_role: body.member_role,
      copy_cc: team.copyCc,
    };
  }

  async removeMember(body: DeleteTeamMemberBody): Promise<"OK"> {
    const team = this.#team(body.team_id);
    if (body.member_email === this.email) {
      badRequest("the team owner cannot be removed");
    }
    const before = team.members.length;
    team.members = team.members.filter((member) => member.email !== body.member_email);
    if (team.members.length === before) {
      notFound("member");
    }
    await this.#audit("Remove Team Member", team.id);
    return "OK";
  }

  auditLogs(): Record<string, unknown>[] {
    return this.#state.auditLogs.map((entry) => ({
      log_id: entry.id,
      customer_id: this.email,
      actor: this.email,
      timestamp: entry.timestampS,
      action_string: entry.action,
      source: "api",
      entity: entry.entity,
    }));
  }

  // ---------------------------------------------------------------------------------------------
  // Redis databases (§3.1)
  // ---------------------------------------------------------------------------------------------

  listDatabases(): Database[] {
    return this.#state.databases.map((database) => this.#databaseRecord(database, false));
  }

  getDatabase(id: string, options: { hideCredentials: boolean }): Database {
    return this.#databaseRecord(this.#database(id), options.hideCredentials);
  }

  async createDatabase(body: CreateDatabaseBody): Promise<Database> {
    if (this.#options.createKvDatabase === undefined) {
      badRequest(
        "creating databases needs the embedded engine: this emulator proxies one Redis (--redis-url) and serves only its default database",
      );
    }
    const urlName = uniqueUrlName(
      body.database_name,
      (name) =>
        RESERVED_DATABASE_NAMES.has(name) ||
        this.#options.kvDatabases.has(name) ||
        this.#pendingUrlNames.has(`redis:${name}`),
    );
    const token = generateToken();
    const database: DatabaseState = {
      id: randomUUID(),
      name: body.database_name,
      urlName,
      ownerId: this.email,
      creationTimeS: this.#nowS(),
      platform: body.platform,
      primaryRegion: body.primary_region,
      readRegions: body.read_regions,
      plan: body.plan ?? "payg",
      budget: body.budget ?? 0,
      tls: body.tls ?? true,
      eviction: body.eviction ?? false,
      autoUpgrade: false,
      dailyBackup: false,
      prodPack: false,
      token,
      readOnlyToken: generateToken(),
    };
    this.#pendingUrlNames.add(`redis:${urlName}`);
    try {
      await this.#startDatabase(database);
    } finally {
      this.#pendingUrlNames.delete(`redis:${urlName}`);
    }
    this.#state.databases.push(database);
    await this.#audit("Create Database", database.id);
    return this.#databaseRecord(database, false);
  }

  /** Declares a database from `--config`: created once, its tokens set when given. */
  async ensureDatabase(declared: {
    name: string;
    token?: string | undefined;
    readOnlyToken?: string | undefined;
  }): Promise<Database> {
    let database = this.#state.databases.find((entry) => entry.name === declared.name);
    if (database === undefined) {
      const created = await this.createDatabase({
        database_name: declared.name,
        platform: "aws",
        primary_region: "us-east-1",
        read_regions: [],
      });
      database = this.#database(created.database_id);
    }
    if (declared.token !== undefined || declared.readOnlyToken !== undefined) {
      database.token = declared.token ?? database.token;
      database.readOnlyToken = declared.readOnlyToken ?? database.readOnlyToken;
      this.#options.kvDatabases
        .get(database.urlName)
        ?.resetTokens(database.token, database.readOnlyToken);
      await this.#save();
    }
    return this.#databaseRecord(database, false);
  }

  /** Declares a team from `--config`: created once (by name), missing members added. */
  async ensureTeam(declared: {
    name: string;
    members: { email: string; role: "admin" | "dev" | "finance" }[];
  }): Promise<Team> {
    let team = this.#state.teams.find((entry) => entry.name === declared.name);
    if (team === undefined) {
      const created = await this.createTeam({ team_name: declared.name, copy_cc: false });
      team = this.#team(created.team_id);
    }
    for (const member of declared.members) {
      if (member.email !== this.email && !team.members.some((m) => m.email === member.email)) {
        team.members.push({ email: member.email, role: member.role });
      }
    }
    await this.#save();
    return teamRecord(team);
  }

  /**
   * Declares a vector index from `--config`: created once, under exactly its name, with the given
   * tokens (an index that already exists keeps its own).
   */
  async ensureVectorIndex(declared: VectorIndexSpec): Promise<VectorIndex> {
    const existing = this.#state.vectorIndexes.find((entry) => entry.urlName === declared.name);
    if (existing !== undefined) {
      return this.#vectorRecord(existing);
    }
    const vector = this.#vectorService();
    const handle = vector.getIndex(declared.name) ?? (await createIndexOrRefuse(vector, declared));
    const index: VectorIndexState = {
      id: randomUUID(),
      name: declared.name,
      urlName: handle.name,
      ownerId: this.email,
      creationTimeS: this.#nowS(),
      region: "us-east-1",
      plan: "payg",
      indexType: declared.type,
      similarity: declared.similarity,
      dimension: handle.spec.dimension ?? declared.dimension ?? 0,
      embeddingModel: declared.denseEmbeddingModel ?? "",
      sparseEmbeddingModel: declared.sparseEmbeddingModel ?? "",
    };
    this.#state.vectorIndexes.push(index);
    await this.#audit("Create Vector Index", index.id);
    return this.#vectorRecord(index);
  }

  async deleteDatabase(id: string): Promise<"OK"> {
    const database = this.#database(id);
    if (database.urlName === DEFAULT_DATABASE_NAME) {
      badRequest("the default database cannot be deleted: it is the one served at the root URL");
    }
    this.#state.databases = this.#state.databases.filter((entry) => entry !== database);
    // Off the router first: from here its URL answers 404.
    this.#options.kvDatabases.delete(database.urlName);
    const owned = this.#live.get(database.id);
    this.#live.delete(database.id);
    await owned?.destroy();
    for (const backup of this.#backupsOf(database.id)) {
      await this.#backupStore().remove(backup.id);
    }
    this.#options.recorder.forget({ kind: "redis", id: database.urlName });
    await this.#audit("Delete Database", database.id);
    return "OK";
  }

  async renameDatabase(id: string, name: string): Promise<Database> {
    const database = this.#database(id);
    database.name = name;
    await this.#audit("Rename Database", database.id);
    return this.#databaseRecord(database, false);
  }

  /** New password and tokens; the old ones (and every ACL token) stop working at once. */
  async resetDatabasePassword(id: string): Promise<Database> {
    const database = this.#database(id);
    database.token = generateToken();
    database.readOnlyToken = generateToken();
    this.#options.kvDatabases
      .get(database.urlName)
      ?.resetTokens(database.token, database.readOnlyToken);
    await this.#audit("Reset Database Password", database.id);
    return this.#databaseRecord(database, false);
  }

  /** enable-tls answers the database; the other toggles "OK", a no-op toggle 400 (§8). */
  async setDatabaseFlag(id: string, flag: DatabaseFlag, isOn: boolean): Promise<Database | "OK"> {
    const database = this.#database(id);
    if (flag === "tls") {
      database.tls = true;
      await this.#save();
      return this.#databaseRecord(database, false);
    }
    if (database[flag] === isOn) {
      // Wording clients match (§8: the Terraform provider ignores "already enabled/disabled").
      badRequest(`${FLAG_WORDING[flag]} is already ${isOn ? "enabled" : "disabled"}`);
    }
    database[flag] = isOn;
    await this.#save();
    return "OK";
  }

  async changeDatabasePlan(id: string, body: ChangePlanBody): Promise<"OK"> {
    const database = this.#database(id);
    database.plan = body.plan_name;
    database.autoUpgrade = body.auto_upgrade ?? database.autoUpgrade;
    database.prodPack = body.prod_pack_enabled ?? database.prodPack;
    await this.#audit("Change Database Plan", database.id);
    return "OK";
  }

  async updateDatabaseBudget(id: string, budget: number): Promise<"OK"> {
    this.#database(id).budget = budget;
    await this.#save();
    return "OK";
  }

  /** `POST /redis/update-allowlist/{id}` (Terraform provider): recorded, not enforced. */
  async updateDatabaseAllowlist(id: string, allowedIps: string[]): Promise<"OK"> {
    this.#database(id).allowedIps = allowedIps;
    await this.#save();
    return "OK";
  }

  async updateDatabaseRegions(id: string, readRegions: string[]): Promise<"OK"> {
    this.#database(id).readRegions = readRegions;
    await this.#save();
    return "OK";
  }

  async moveDatabaseToTeam(databaseId: string, teamId: string): Promise<"OK"> {
    const database = this.#database(databaseId);
    database.ownerId = this.#transferTarget(teamId);
    await this.#audit("Move Database", database.id);
    return "OK";
  }

  listBackups(databaseId: string): Backup[] {
    const database = this.#database(databaseId);
    return this.#backupsOf(database.id).map((backup) => ({
      backup_id: backup.id,
      database_id: database.id,
      customer_id: database.ownerId,
      name: backup.name,
      creation_time: backup.creationTimeS,
      state: "completed",
      backup_size: backupSize(backup.entries),
      daily_backup: "false",
      hourly_backup: "false",
    }));
  }

  /** Copies the database's keys now; the copy is complete when "OK" is answered. */
  async createBackup(databaseId: string, name: string): Promise<"OK"> {
    const database = this.#database(databaseId);
    const live = this.#liveDatabase(database);
    const entries = await takeBackup(live.backend, this.#options.clock.now());
    await this.#backupStore().put({
      id: randomUUID(),
      databaseId: database.id,
      name,
      creationTimeS: this.#nowS(),
      entries,
    });
    await this.#audit("Create Backup", database.id);
    return "OK";
  }

  async deleteBackup(databaseId: string, backupId: string): Promise<"OK"> {
    const backup = this.#backup(this.#database(databaseId), backupId);
    await this.#backupStore().remove(backup.id);
    return "OK";
  }

  /** Replaces the database's contents with the backup's, atomically. */
  async restoreDatabaseBackup(databaseId: string, backupId: string): Promise<"OK"> {
    const database = this.#database(databaseId);
    const backup = this.#backup(database, backupId);
    await restoreBackup(
      this.#liveDatabase(database).backend,
      backup.entries,
      this.#options.clock.now(),
    );
    await this.#audit("Restore Backup", database.id);
    return "OK";
  }

  databaseStats(id: string, period: StatsPeriod): DatabaseStats {
    const database = this.#database(id);
    return databaseStats(
      {
        recorder: this.#options.recorder,
        resource: { kind: "redis", id: database.urlName },
        period,
        plan: database.plan,
      },
      { keyCount: this.#keyCount(database) },
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Vector indexes (§3.3)
  // ---------------------------------------------------------------------------------------------

  listVectorIndexes(): VectorIndex[] {
    return this.#state.vectorIndexes.map((index) => this.#vectorRecord(index));
  }

  getVectorIndex(id: string): VectorIndex {
    return this.#vectorRecord(this.#vectorIndex(id));
  }

  async createVectorIndex(body: CreateVectorIndexBody): Promise<VectorIndex> {
    const vector = this.#vectorService();
    const indexType = body.index_type ?? "DENSE";
    const modelDimension =
      body.embedding_model === undefined
        ? undefined
        : DENSE_EMBEDDING_MODEL_DIMENSIONS[body.embedding_model];
    if (
      modelDimension !== undefined &&
      indexType !== "SPARSE" &&
      body.dimension_count !== modelDimension
    ) {
      badRequest(
        `dimension_count must be ${modelDimension} for embedding_model ${body.embedding_model}`,
      );
    }
    const urlName = uniqueUrlName(
      body.name,
      (name) => vector.getIndex(name) !== undefined || this.#pendingUrlNames.has(`vector:${name}`),
    );
    this.#pendingUrlNames.add(`vector:${urlName}`);
    const handle = await createIndexOrRefuse(vector, {
      name: urlName,
      type: indexType,
      similarity: body.similarity_function,
      ...(indexType === "SPARSE" ? {} : { dimension: body.dimension_count }),
      ...(body.embedding_model === undefined ? {} : { denseEmbeddingModel: body.embedding_model }),
      ...(body.sparse_embedding_model === undefined
        ? {}
        : { sparseEmbeddingModel: body.sparse_embedding_model }),
    }).finally(() => this.#pendingUrlNames.delete(`vector:${urlName}`));
    const index: VectorIndexState = {
      id: randomUUID(),
      name: body.name,
      urlName: handle.name,
      ownerId: this.email,
      creationTimeS: this.#nowS(),
      region: body.region,
      plan: body.type === "fixed" ? "fixed" : "payg",
      indexType,
      similarity: body.similarity_function,
      dimension: handle.spec.dimension ?? body.dimension_count,
      embeddingModel: body.embedding_model ?? "",
      sparseEmbeddingModel: body.sparse_embedding_model ?? "",
    };
    this.#state.vectorIndexes.push(index);
    await this.#audit("Create Vector Index", index.id);
    return this.#vectorRecord(index);
  }

  async deleteVectorIndex(id: string): Promise<"OK"> {
    const index = this.#vectorIndex(id);
    this.#state.vectorIndexes = this.#state.vectorIndexes.filter((entry) => entry !== index);
    await this.#options.vector?.deleteIndex(index.urlName);
    this.#options.recorder.forget({ kind: "vector", id: index.urlName });
    await this.#audit("Delete Vector Index", index.id);
    return "OK";
  }

  async renameVectorIndex(id: string, name: string): Promise<"OK"> {
    this.#vectorIndex(id).name = name;
    await this.#save();
    return "OK";
  }

  /** Both tokens are replaced; a GET shows the new ones (§3.3). */
  async resetVectorIndexPassword(id: string): Promise<"OK"> {
    const index = this.#vectorIndex(id);
    this.#vectorService().getIndex(index.urlName)?.resetTokens();
    await this.#audit("Reset Vector Index Password", index.id);
    return "OK";
  }

  async setVectorIndexPlan(id: string, plan: "free" | "payg" | "fixed"): Promise<"OK"> {
    this.#vectorIndex(id).plan = plan;
    await this.#save();
    return "OK";
  }

  async transferVectorIndex(id: string, target: string): Promise<"OK"> {
    const index = this.#vectorIndex(id);
    index.ownerId = this.#transferTarget(target);
    await this.#audit("Transfer Vector Index", index.id);
    return "OK";
  }

  vectorIndexStats(id: string, period: StatsPeriod): VectorStats {
    const index = this.#vectorIndex(id);
    const stats = this.#options.vector?.getIndex(index.urlName)?.stats();
    return vectorStats(
      {
        recorder: this.#options.recorder,
        resource: { kind: "vector", id: index.urlName },
        period,
        plan: index.plan,
      },
      {
        vectorCount: stats?.vectorCount ?? 0,
        pendingVectorCount: stats?.pendingVectorCount ?? 0,
        storageBytes: stats?.indexSize ?? 0,
      },
    );
  }

  /** `GET /vector/index/stats`: totals over every vector index this month. */
  vectorGlobalStats(): GlobalStats {
    return this.#globalStats(
      "vector",
      this.#state.vectorIndexes.map((index) => {
        const stats = this.#options.vector?.getIndex(index.urlName)?.stats();
        return {
          id: index.urlName,
          plan: index.plan,
          records: stats?.vectorCount ?? 0,
          storage: stats?.indexSize ?? 0,
        };
      }),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Search indexes (§3.4): records, with tokens; the search data API is not emulated.
  // ---------------------------------------------------------------------------------------------

  listSearchIndexes(): SearchIndex[] {
    return this.#state.searchIndexes.map((index) => searchIndexRecord(index, this.#location()));
  }

  getSearchIndex(id: string): SearchIndex {
    return searchIndexRecord(this.#searchIndex(id), this.#location());
  }

  async createSearchIndex(body: CreateSearchIndexBody): Promise<SearchIndex> {
    const index: SearchIndexState = {
      id: randomUUID(),
      name: body.name,
      ownerId: this.email,
      creationTimeS: this.#nowS(),
      region: body.region,
      plan: body.type,
      token: generateToken(),
      readOnlyToken: generateToken(),
    };
    this.#state.searchIndexes.push(index);
    await this.#audit("Create Search Index", index.id);
    return searchIndexRecord(index, this.#location());
  }

  async deleteSearchIndex(id: string): Promise<"OK"> {
    const index = this.#searchIndex(id);
    this.#state.searchIndexes = this.#state.searchIndexes.filter((entry) => entry !== index);
    this.#options.recorder.forget({ kind: "search", id: index.id });
    await this.#audit("Delete Search Index", index.id);
    return "OK";
  }

  async renameSearchIndex(id: string, name: string): Promise<"OK"> {
    this.#searchIndex(id).name = name;
    await this.#save();
    return "OK";
  }

  async resetSearchIndexPassword(id: string): Promise<"OK"> {
    const index = this.#searchIndex(id);
    index.token = generateToken();
    index.readOnlyToken = generateToken();
    await this.#save();
    return "OK";
  }

  /**
   * `POST /search/{id}/transfer`. Rule (interfaces.md, management-api.md §3.3): transferring to a
   * personal account is unsupported; from a personal account to a team is allowed.
   */
  async transferSearchIndex(id: string, target: string): Promise<"OK"> {
    const index = this.#searchIndex(id);
    index.ownerId = this.#transferTarget(target);
    await this.#audit("Transfer Search Index", index.id);
    return "OK";
  }

  searchIndexStats(id: string, period: StatsPeriod): VectorStats {
    const index = this.#searchIndex(id);
    return vectorStats(
      {
        recorder: this.#options.recorder,
        resource: { kind: "search", id: index.id },
        period,
        plan: index.plan,
      },
      { vectorCount: 0, pendingVectorCount: 0, storageBytes: 0 },
    );
  }

  searchGlobalStats(): GlobalStats {
    return this.#globalStats(
      "search",
      this.#state.searchIndexes.map((index) => ({
        id: index.id,
        plan: index.plan,
        records: 0,
        storage: 0,
      })),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Queues, the service's QStash (§3.5)
  // ---------------------------------------------------------------------------------------------

  listQueues(): QStashUser[] {
    return this.#state.queues.map(queueRecord);
  }

  getQueue(id: string): QStashUser {
    return queueRecord(this.#queue(id));
  }

  /** The legacy `GET /qstash/user`: the account's own queue. */
  accountQueue(): QStashUser {
    const queue = this.#state.queues.find((entry) => entry.ownerId === this.email);
    return queue === undefined ? notFound("queue") : queueRecord(queue);
  }

  async rotateQueueToken(id: string): Promise<QStashUser> {
    const queue = this.#queue(id);
    queue.token = generateToken();
    queue.readOnlyToken = generateToken();
    await this.#audit("Rotate Queue Token", queue.id);
    return queueRecord(queue);
  }

  async setQueuePlan(id: string, plan: string): Promise<"OK"> {
    this.#queue(id).plan = plan;
    await this.#save();
    return "OK";
  }

  async setQueueProdPack(id: string, isOn: boolean): Promise<"OK"> {
    const queue = this.#queue(id);
    if (queue.prodPack === isOn) {
      badRequest(`prod pack is already ${isOn ? "enabled" : "disabled"}`);
    }
    queue.prodPack = isOn;
    await this.#save();
    return "OK";
  }

  /** `POST /queue/move-to-team`: the queue instance changes owner (§2). */
  async moveQueueToTeam(queueId: string, teamId: string): Promise<"OK"> {
    const queue = this.#queue(queueId);
    queue.ownerId = this.#transferTarget(teamId);
    await this.#audit("Move Queue", queue.id);
    return "OK";
  }

  async updateQueueBudget(id: string, budget: number): Promise<"OK"> {
    this.#queue(id).budget = budget;
    await this.#save();
    return "OK";
  }

  queueStats(id: string, period: StatsPeriod): QStashStats {
    const queue = this.#queue(id);
    return queueStats({
      recorder: this.#options.recorder,
      resource: { kind: "queue", id: queue.id },
      period,
      plan: queue.plan,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Internals
  // ---------------------------------------------------------------------------------------------

  /** A team id to move or transfer to; the personal account is refused (§3.3 transfer rule). */
  #transferTarget(target: string): OwnerId {
    if (target === this.email) {
      badRequest(
        "Transferring to a personal account is not supported; transfer to a team (target must be a team id)",
      );
    }
    return this.#team(target).id;
  }

  #backupStore(): BackupStore {
    this.#backups ??= this.#options.backups ?? inMemoryBackups();
    return this.#backups;
  }

  #backupsOf(databaseId: string): StoredBackup[] {
    return [...this.#backupStore().backups.values()].filter(
      (backup) => backup.databaseId === databaseId,
    );
  }

  #backup(database: DatabaseState, backupId: string): StoredBackup {
    const backup = this.#backupStore().backups.get(backupId);
    if (backup === undefined || backup.databaseId !== database.id) {
      throw new ManagementError(404, "backup not found");
    }
    return backup;
  }

  /** The live database of a record (every record has one except over a proxy after a restart). */
  #liveDatabase(database: DatabaseState): KvDatabase {
    return (
      this.#options.kvDatabases.get(database.urlName) ??
      badRequest("this database is not served by this emulator (it runs with --redis-url)")
    );
  }

  #team(id: string): TeamState {
    return this.#state.teams.find((team) => team.id === id) ?? notFound("team");
  }

  #database(id: string): DatabaseState {
    return this.#state.databases.find((entry) => entry.id === id) ?? notFound("database");
  }

  #vectorIndex(id: string): VectorIndexState {
    return this.#state.vectorIndexes.find((entry) => entry.id === id) ?? notFound("index");
  }

  #searchIndex(id: string): SearchIndexState {
    return this.#state.searchIndexes.find((entry) => entry.id === id) ?? notFound("index");
  }

  #queue(id: string): QueueState {
    return this.#state.queues.find((entry) => entry.id === id) ?? notFound("queue");
  }

  #vectorService(): VectorIndexes {
    return (
      this.#options.vector ??
      badRequest("vector indexes are not available: this emulator runs without a vector service")
    );
  }

  #location(): Location {
    return { baseUrl: this.#options.baseUrl(), email: this.email };
  }

  #databaseRecord(database: DatabaseState, hideCredentials: boolean): Database {
    return databaseRecord(database, this.#location(), {
      hideCredentials,
      maxRequestBytes: this.#options.maxRequestBytes,
    });
  }

  #vectorRecord(index: VectorIndexState): VectorIndex {
    const handle = this.#options.vector?.getIndex(index.urlName);
    return vectorIndexRecord(index, this.#location(), {
      token: handle?.token ?? "",
      readOnlyToken: handle?.readOnlyToken ?? "",
    });
  }

  #keyCount(database: DatabaseState): number {
    const live = this.#options.kvDatabases.get(database.urlName);
    return live === undefined ? 0 : kvKeyCount(live);
  }

  #globalStats(
    kind: "vector" | "search",
    indexes: { id: string; plan: string; records: number; storage: number }[],
  ): GlobalStats {
    const { recorder } = this.#options;
    let request = 0;
    let bandwidth = 0;
    let billing = 0;
    for (const index of indexes) {
      const resource = { kind, id: index.id } as const;
      const month = recorder.month(resource, [...VECTOR_QUERY_OPS, ...VECTOR_UPDATE_OPS]);
      const all = recorder.month(resource, [
        ...VECTOR_QUERY_OPS,
        ...VECTOR_UPDATE_OPS,
        "info",
        "namespace",
        "other",
      ]);
      request += all.requests;
      bandwidth += all.bytesIn + all.bytesOut;
      billing += vectorCost(index.plan, { requests: month.requests, storageBytes: index.storage });
    }
    return {
      record_count: indexes.reduce((sum, index) => sum + index.records, 0),
      request,
      bandwidth,
      storage: indexes.reduce((sum, index) => sum + index.storage, 0),
      billing: Math.round(billing * 1e6) / 1e6,
      rerank_count: 0,
    };
  }

  /**
   * Lists the default database (served at the root and `/redis/default`) like any other, so its
   * stats, password reset and budget are reachable; it cannot be deleted. Tokens given at start
   * win; otherwise the kept record's tokens (the last run's, or the last reset's) are restored.
   */
  #adoptDefaultDatabase(): void {
    const live = this.#options.kvDatabases.get(DEFAULT_DATABASE_NAME);
    if (live === undefined) {
      return;
    }
    let record = this.#state.databases.find((entry) => entry.urlName === DEFAULT_DATABASE_NAME);
    if (record === undefined) {
      record = {
        id: randomUUID(),
        name: DEFAULT_DATABASE_NAME,
        urlName: DEFAULT_DATABASE_NAME,
        ownerId: this.email,
        creationTimeS: this.#nowS(),
        platform: "aws",
        primaryRegion: "us-east-1",
        readRegions: [],
        plan: "payg",
        budget: 0,
        tls: true,
        eviction: false,
        autoUpgrade: false,
        dailyBackup: false,
        prodPack: false,
        token: live.token,
        readOnlyToken: live.readOnlyToken,
      };
      this.#state.databases.unshift(record);
    } else if (this.#options.defaultTokensGiven !== true) {
      live.resetTokens(record.token, record.readOnlyToken);
    }
    record.token = live.token;
    record.readOnlyToken = live.readOnlyToken;
  }

  /**
   * Gives a record to every index of the vector service that has none (the default index, and
   * any made before the management state existed), and drops records of indexes that are gone.
   */
  #adoptVectorIndexes(): void {
    const handles = this.#options.vector?.listIndexes?.();
    if (handles === undefined) {
      return;
    }
    const names = new Set(handles.map((handle) => handle.name));
    this.#state.vectorIndexes = this.#state.vectorIndexes.filter((index) =>
      names.has(index.urlName),
    );
    for (const handle of handles) {
      if (this.#state.vectorIndexes.some((index) => index.urlName === handle.name)) {
        continue;
      }
      this.#state.vectorIndexes.push({
        id: randomUUID(),
        name: handle.name,
        urlName: handle.name,
        ownerId: this.email,
        creationTimeS: this.#nowS(),
        region: "us-east-1",
        plan: "payg",
        indexType: handle.spec.type,
        similarity: handle.spec.similarity,
        dimension: handle.spec.dimension ?? 0,
        embeddingModel: handle.spec.denseEmbeddingModel ?? "",
        sparseEmbeddingModel: handle.spec.sparseEmbeddingModel ?? "",
      });
    }
  }

  async #startDatabase(database: DatabaseState): Promise<void> {
    const factory = this.#options.createKvDatabase;
    if (factory === undefined) {
      return;
    }
    const owned = await factory({
      id: database.id,
      name: database.urlName,
      token: database.token,
      readOnlyToken: database.readOnlyToken,
    });
    this.#live.set(database.id, owned);
    this.#options.kvDatabases.set(database.urlName, owned.database);
  }

  #newQueue(ownerId: OwnerId): QueueState {
    return {
      id: randomUUID(),
      ownerId,
      creationTimeS: this.#nowS(),
      plan: "free",
      budget: 0,
      prodPack: false,
      token: generateToken(),
      readOnlyToken: generateToken(),
    };
  }

  #nowS(): number {
    return Math.floor(this.#options.clock.now() / 1000);
  }

  async #audit(action: string, entity: string): Promise<void> {
    this.#state.auditLogs.push({ id: randomUUID(), timestampS: this.#nowS(), action, entity });
    if (this.#state.auditLogs.length > AUDIT_LOG_ENTRIES) {
      this.#state.auditLogs.splice(0, this.#state.auditLogs.length - AUDIT_LOG_ENTRIES);
    }
    await this.#save();
  }

  #save(): Promise<void> {
    return this.#options.store.save(this.#state);
  }
}

/**
 * Creates an index; a spec the vector service cannot serve (an unknown model, a missing dimension)
 * is the client's mistake, 400 with the service's message, and a name taken meanwhile 409.
 */
async function createIndexOrRefuse(
  vector: VectorIndexes,
  spec: VectorIndexSpec,
): Promise<VectorIndexHandle> {
  try {
    return await vector.createIndex(spec);
  } catch (error: unknown) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_VECTOR_INDEX_SPEC") {
      throw new ManagementError(400, (error as Error).message);
    }
    if (code === "ERR_VECTOR_INDEX_EXISTS") {
      throw new ManagementError(409, (error as Error).message);
    }
    throw error;
  }
}

/** Backups kept in memory only (no data directory, or a service built without a store). */
function inMemoryBackups(): BackupStore {
  const backups = new Map<string, StoredBackup>();
  return {
    backups,
    put: async (backup) => {
      backups.set(backup.id, backup);
    },
    remove: async (id) => {
      backups.delete(id);
    },
    close: async () => undefined,
  };
}

export { ManagementError };
