/**
 * Search indexes (`spec/management-api.md` §3.4): records of the search service's databases,
 * served at `/search/{urlName}` for `@upstash/search`; the live tokens and levels are the
 * service's. The URL name is fixed at creation (the record's id), so rename and transfer, which
 * change only the record, keep the database reachable at the URL clients already have.
 */
import { randomUUID } from "node:crypto";
import { generateToken } from "@stratus/core/auth";
import type {
  CreateSearchIndexBody,
  GlobalStats,
  SearchIndex,
  StatsPeriod,
  VectorStats,
} from "@stratus/core/schemas";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import type { AuditLog } from "./audit-log.ts";
import type { ManagementContext } from "./context.ts";
import { badRequest, ManagementError, notFound } from "./errors.ts";
import { searchIndexRecord } from "./records.ts";
import type { SearchDatabaseHandle, SearchDatabases } from "./search-contract.ts";
import type { SearchIndexState } from "./state.ts";
import { indexGlobalStats, vectorStats } from "./stats.ts";

export interface SearchIndexManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  readonly recorder: MetricsRecorder;
  /** The search service; without one, search indexes are records only. */
  readonly search?: SearchDatabases | undefined;
}

export class SearchIndexManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #recorder: MetricsRecorder;
  readonly #search: SearchDatabases | undefined;

  constructor(options: SearchIndexManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
    this.#recorder = options.recorder;
    this.#search = options.search;
  }

  /**
   * Matches records and databases at start: a database without a record (the default one) gets
   * one; a record without a database (state saved before databases were live) gets its database,
   * with the record's tokens, so its credentials keep working.
   */
  async reconcile(): Promise<void> {
    const search = this.#search;
    if (search === undefined) {
      return;
    }
    const { state } = this.#context;
    for (const index of state.searchIndexes) {
      const urlName = urlNameOf(index);
      if (search.getDatabase(urlName) === undefined) {
        await search.createDatabase({
          name: urlName,
          token: index.token,
          readOnlyToken: index.readOnlyToken,
        });
      }
      index.urlName = urlName;
    }
    for (const handle of search.listDatabases()) {
      if (state.searchIndexes.some((index) => index.urlName === handle.name)) {
        continue;
      }
      state.searchIndexes.push({
        id: randomUUID(),
        name: handle.name,
        urlName: handle.name,
        ownerId: this.#context.email,
        creationTimeS: this.#context.nowS(),
        region: "us-central1",
        plan: "payg",
        token: handle.token,
        readOnlyToken: handle.readOnlyToken,
      });
    }
  }

  list(): SearchIndex[] {
    return this.#context.state.searchIndexes.map((index) => this.#record(index));
  }

  get(id: string): SearchIndex {
    return this.#record(this.#index(id));
  }

  async create(body: CreateSearchIndexBody): Promise<SearchIndex> {
    const id = randomUUID();
    const handle = await this.#search?.createDatabase({ name: id });
    const index: SearchIndexState = {
      id,
      name: body.name,
      urlName: id,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
      region: body.region,
      plan: body.type,
      token: handle?.token ?? generateToken(),
      readOnlyToken: handle?.readOnlyToken ?? generateToken(),
    };
    this.#context.state.searchIndexes.push(index);
    await this.#auditLog.record("Create Search Index", index.id);
    return this.#record(index);
  }

  /**
   * Declares a search database from `--config`: created once, served at `/search/{name}`, with
   * the given tokens (a database that already exists keeps its own).
   */
  async ensure(declared: {
    readonly name: string;
    readonly token?: string;
    readonly readOnlyToken?: string;
  }): Promise<SearchIndex> {
    const existing = this.#context.state.searchIndexes.find(
      (entry) => urlNameOf(entry) === declared.name,
    );
    if (existing !== undefined) {
      return this.#record(existing);
    }
    const search =
      this.#search ?? badRequest("search databases are not available in this emulator");
    const handle =
      search.getDatabase(declared.name) ??
      (await search.createDatabase(declared).catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === "ERR_VECTOR_INDEX_SPEC") {
          throw new ManagementError(
            400,
            (error as Error).message.replace("index", "search database"),
          );
        }
        throw error;
      }));
    const index: SearchIndexState = {
      id: randomUUID(),
      name: declared.name,
      urlName: handle.name,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
      region: "us-central1",
      plan: "payg",
      token: handle.token,
      readOnlyToken: handle.readOnlyToken,
    };
    this.#context.state.searchIndexes.push(index);
    await this.#auditLog.record("Create Search Index", index.id);
    return this.#record(index);
  }

  async delete(id: string): Promise<"OK"> {
    const index = this.#index(id);
    const { state } = this.#context;
    state.searchIndexes = state.searchIndexes.filter((entry) => entry !== index);
    await this.#search?.deleteDatabase(urlNameOf(index));
    this.#recorder.forget({ kind: "search", id: urlNameOf(index) });
    await this.#auditLog.record("Delete Search Index", index.id);
    return "OK";
  }

  async rename(id: string, name: string): Promise<"OK"> {
    this.#index(id).name = name;
    await this.#context.save();
    return "OK";
  }

  /** Both tokens are replaced, and the old ones refused from the next request on. */
  async resetPassword(id: string): Promise<"OK"> {
    const index = this.#index(id);
    const fresh = this.#handle(index)?.resetTokens() ?? {
      token: generateToken(),
      readOnlyToken: generateToken(),
    };
    index.token = fresh.token;
    index.readOnlyToken = fresh.readOnlyToken;
    await this.#context.save();
    return "OK";
  }

  /**
   * `POST /search/{id}/transfer`. Rule (interfaces.md, management-api.md §3.3): transferring to a
   * personal account is unsupported; from a personal account to a team is allowed.
   */
  async transfer(id: string, target: string): Promise<"OK"> {
    const index = this.#index(id);
    index.ownerId = this.#context.transferTarget(target);
    await this.#auditLog.record("Transfer Search Index", index.id);
    return "OK";
  }

  stats(id: string, period: StatsPeriod): VectorStats {
    const index = this.#index(id);
    const stats = this.#handle(index)?.stats();
    return vectorStats(
      {
        recorder: this.#recorder,
        resource: { kind: "search", id: urlNameOf(index) },
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

  /** `GET /search/stats`: totals over every search index this month. */
  globalStats(): GlobalStats {
    return indexGlobalStats({
      recorder: this.#recorder,
      kind: "search",
      indexes: this.#context.state.searchIndexes.map((index) => {
        const stats = this.#handle(index)?.stats();
        return {
          id: urlNameOf(index),
          plan: index.plan,
          records: stats?.vectorCount ?? 0,
          storage: stats?.indexSize ?? 0,
        };
      }),
    });
  }

  #index(id: string): SearchIndexState {
    return this.#context.state.searchIndexes.find((entry) => entry.id === id) ?? notFound("index");
  }

  #handle(index: SearchIndexState): SearchDatabaseHandle | undefined {
    return this.#search?.getDatabase(urlNameOf(index));
  }

  #record(index: SearchIndexState): SearchIndex {
    const handle = this.#handle(index);
    return searchIndexRecord(index, this.#context.location(), {
      token: handle?.token ?? index.token,
      readOnlyToken: handle?.readOnlyToken ?? index.readOnlyToken,
    });
  }
}

function urlNameOf(index: SearchIndexState): string {
  return index.urlName ?? index.id;
}
