/**
 * Redis databases (`spec/management-api.md` §3.1): records of live `KvDatabase`s served at
 * `/redis/{urlName}`, the default database (served at the root too) among them, with their
 * toggles, plan, budget, allowlist, regions, owner and stats.
 */
import { randomUUID } from "node:crypto";
import { generateToken } from "@stratus/core/auth";
import type {
  ChangePlanBody,
  CreateDatabaseBody,
  Database,
  DatabaseStats,
  StatsPeriod,
} from "@stratus/core/schemas";
import type { KvDatabase } from "../kv/database.ts";
import {
  type KvDatabaseFactory,
  kvKeyCount,
  kvMemoryBytes,
  type OwnedKvDatabase,
} from "../kv/database-factory.ts";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import type { AuditLog } from "./audit-log.ts";
import type { ManagementContext } from "./context.ts";
import type { BackupManagement } from "./database-backups.ts";
import { badRequest } from "./errors.ts";
import { uniqueUrlName } from "./naming.ts";
import { databaseRecord } from "./records.ts";
import type { DatabaseState } from "./state.ts";
import { databaseStats } from "./stats.ts";

/** The default database's URL name (`emulator.ts` serves it at the root too). */
const DEFAULT_DATABASE_NAME = "default";
/** URL names never given to created databases: the default database's. */
const RESERVED_DATABASE_NAMES = new Set([DEFAULT_DATABASE_NAME]);

/** A `PATCH` budget or a toggle on a database. */
export type DatabaseFlag = "tls" | "eviction" | "autoUpgrade" | "dailyBackup" | "prodPack";

const FLAG_WORDING: Record<DatabaseFlag, string> = {
  tls: "tls",
  eviction: "eviction",
  autoUpgrade: "autoupgrade",
  dailyBackup: "daily backup",
  prodPack: "prod pack",
};

export interface DatabaseManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  /** A deleted database's backups go with it. */
  readonly backups: BackupManagement;
  /** The router's databases by URL name: created databases are added, deleted ones removed. */
  readonly kvDatabases: Map<string, KvDatabase>;
  /** Makes databases; undefined over a proxied Redis, where creating one is refused. */
  readonly createKvDatabase?: KvDatabaseFactory | undefined;
  /**
   * True when the default database's tokens were given (flags, environment, config file): they
   * win over the kept ones. Otherwise the tokens kept from the last run are reused, so an `.env`
   * written once keeps working across restarts of a persistent emulator.
   */
  readonly defaultTokensGiven?: boolean | undefined;
  readonly recorder: MetricsRecorder;
  readonly maxRequestBytes?: number | undefined;
}

export class DatabaseManagement {
  readonly #options: DatabaseManagementOptions;
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #live = new Map<string, OwnedKvDatabase>();
  /**
   * URL names chosen by creations still in progress: creating an engine is asynchronous, so two
   * concurrent creations with one name must not both pick it.
   */
  readonly #pendingUrlNames = new Set<string>();

  constructor(options: DatabaseManagementOptions) {
    this.#options = options;
    this.#context = options.context;
    this.#auditLog = options.auditLog;
  }

  /** Brings every saved database but the default one (which the emulator serves) back to life. */
  async startSaved(): Promise<void> {
    for (const database of this.#context.state.databases) {
      if (database.urlName !== DEFAULT_DATABASE_NAME) {
        await this.#start(database);
      }
    }
  }

  /**
   * Lists the default database (served at the root and `/redis/default`) like any other, so its
   * stats, password reset and budget are reachable; it cannot be deleted. Tokens given at start
   * win; otherwise the kept record's tokens (the last run's, or the last reset's) are restored.
   */
  adoptDefault(): void {
    const live = this.#options.kvDatabases.get(DEFAULT_DATABASE_NAME);
    if (live === undefined) {
      return;
    }
    const { state } = this.#context;
    let record = state.databases.find((entry) => entry.urlName === DEFAULT_DATABASE_NAME);
    if (record === undefined) {
      record = {
        id: randomUUID(),
        name: DEFAULT_DATABASE_NAME,
        urlName: DEFAULT_DATABASE_NAME,
        ownerId: this.#context.email,
        creationTimeS: this.#context.nowS(),
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
      state.databases.unshift(record);
    } else if (this.#options.defaultTokensGiven !== true) {
      live.resetTokens(record.token, record.readOnlyToken);
    }
    record.token = live.token;
    record.readOnlyToken = live.readOnlyToken;
  }

  /** The databases this service started, by id (their folder in the data directory). */
  liveDatabases(): ReadonlyMap<string, KvDatabase> {
    return new Map([...this.#live].map(([id, owned]) => [id, owned.database]));
  }

  /** Closes the databases this service started (the default one is the emulator's). */
  async close(): Promise<void> {
    await Promise.all([...this.#live.values()].map((owned) => owned.close()));
    this.#live.clear();
  }

  list(): Database[] {
    return this.#context.state.databases.map((database) => this.#record(database, false));
  }

  get(id: string, options: { hideCredentials: boolean }): Database {
    return this.#record(this.#context.database(id), options.hideCredentials);
  }

  async create(body: CreateDatabaseBody): Promise<Database> {
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
        this.#pendingUrlNames.has(name),
    );
    const token = generateToken();
    const database: DatabaseState = {
      id: randomUUID(),
      name: body.database_name,
      urlName,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
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
    this.#pendingUrlNames.add(urlName);
    try {
      await this.#start(database);
    } finally {
      this.#pendingUrlNames.delete(urlName);
    }
    this.#context.state.databases.push(database);
    await this.#auditLog.record("Create Database", database.id);
    return this.#record(database, false);
  }

  /** Declares a database from `--config`: created once, its tokens set when given. */
  async ensure(declared: {
    name: string;
    token?: string | undefined;
    readOnlyToken?: string | undefined;
  }): Promise<Database> {
    let database = this.#context.state.databases.find((entry) => entry.name === declared.name);
    if (database === undefined) {
      const created = await this.create({
        database_name: declared.name,
        platform: "aws",
        primary_region: "us-east-1",
        read_regions: [],
      });
      database = this.#context.database(created.database_id);
    }
    if (declared.token !== undefined || declared.readOnlyToken !== undefined) {
      database.token = declared.token ?? database.token;
      database.readOnlyToken = declared.readOnlyToken ?? database.readOnlyToken;
      this.#options.kvDatabases
        .get(database.urlName)
        ?.resetTokens(database.token, database.readOnlyToken);
      await this.#context.save();
    }
    return this.#record(database, false);
  }

  async delete(id: string): Promise<"OK"> {
    const database = this.#context.database(id);
    if (database.urlName === DEFAULT_DATABASE_NAME) {
      badRequest("the default database cannot be deleted: it is the one served at the root URL");
    }
    const { state } = this.#context;
    state.databases = state.databases.filter((entry) => entry !== database);
    // Off the router first: from here its URL answers 404.
    this.#options.kvDatabases.delete(database.urlName);
    const owned = this.#live.get(database.id);
    this.#live.delete(database.id);
    await owned?.destroy();
    await this.#options.backups.removeAllOf(database.id);
    this.#options.recorder.forget({ kind: "redis", id: database.urlName });
    await this.#auditLog.record("Delete Database", database.id);
    return "OK";
  }

  async rename(id: string, name: string): Promise<Database> {
    const database = this.#context.database(id);
    database.name = name;
    await this.#auditLog.record("Rename Database", database.id);
    return this.#record(database, false);
  }

  /** New password and tokens; the old ones (and every ACL token) stop working at once. */
  async resetPassword(id: string): Promise<Database> {
    const database = this.#context.database(id);
    database.token = generateToken();
    database.readOnlyToken = generateToken();
    this.#options.kvDatabases
      .get(database.urlName)
      ?.resetTokens(database.token, database.readOnlyToken);
    await this.#auditLog.record("Reset Database Password", database.id);
    return this.#record(database, false);
  }

  /** enable-tls answers the database; the other toggles "OK", a no-op toggle 400 (§8). */
  async setFlag(id: string, flag: DatabaseFlag, isOn: boolean): Promise<Database | "OK"> {
    const database = this.#context.database(id);
    if (flag === "tls") {
      database.tls = true;
      await this.#context.save();
      return this.#record(database, false);
    }
    if (database[flag] === isOn) {
      // Wording clients match (§8: the Terraform provider ignores "already enabled/disabled").
      badRequest(`${FLAG_WORDING[flag]} is already ${isOn ? "enabled" : "disabled"}`);
    }
    database[flag] = isOn;
    await this.#context.save();
    return "OK";
  }

  async changePlan(id: string, body: ChangePlanBody): Promise<"OK"> {
    const database = this.#context.database(id);
    database.plan = body.plan_name;
    database.autoUpgrade = body.auto_upgrade ?? database.autoUpgrade;
    database.prodPack = body.prod_pack_enabled ?? database.prodPack;
    await this.#auditLog.record("Change Database Plan", database.id);
    return "OK";
  }

  async updateBudget(id: string, budget: number): Promise<"OK"> {
    this.#context.database(id).budget = budget;
    await this.#context.save();
    return "OK";
  }

  /** `POST /redis/update-allowlist/{id}` (Terraform provider): recorded, not enforced. */
  async updateAllowlist(id: string, allowedIps: string[]): Promise<"OK"> {
    this.#context.database(id).allowedIps = allowedIps;
    await this.#context.save();
    return "OK";
  }

  async updateRegions(id: string, readRegions: string[]): Promise<"OK"> {
    this.#context.database(id).readRegions = readRegions;
    await this.#context.save();
    return "OK";
  }

  async moveToTeam(databaseId: string, teamId: string): Promise<"OK"> {
    const database = this.#context.database(databaseId);
    database.ownerId = this.#context.transferTarget(teamId);
    await this.#auditLog.record("Move Database", database.id);
    return "OK";
  }

  stats(id: string, period: StatsPeriod): DatabaseStats {
    const database = this.#context.database(id);
    const live = this.#options.kvDatabases.get(database.urlName);
    return databaseStats(
      {
        recorder: this.#options.recorder,
        resource: { kind: "redis", id: database.urlName },
        period,
        plan: database.plan,
      },
      {
        keyCount: live === undefined ? 0 : kvKeyCount(live),
        storageBytes: live === undefined ? undefined : kvMemoryBytes(live),
      },
    );
  }

  #record(database: DatabaseState, hideCredentials: boolean): Database {
    return databaseRecord(database, this.#context.location(), {
      hideCredentials,
      maxRequestBytes: this.#options.maxRequestBytes,
    });
  }

  async #start(database: DatabaseState): Promise<void> {
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
}
