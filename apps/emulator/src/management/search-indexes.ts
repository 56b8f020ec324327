/**
 * Search indexes (`spec/management-api.md` §3.4): records with tokens; the search data API is not
 * emulated, so their levels are zero.
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
import { notFound } from "./errors.ts";
import { searchIndexRecord } from "./records.ts";
import type { SearchIndexState } from "./state.ts";
import { indexGlobalStats, vectorStats } from "./stats.ts";

export interface SearchIndexManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  readonly recorder: MetricsRecorder;
}

export class SearchIndexManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #recorder: MetricsRecorder;

  constructor(options: SearchIndexManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
    this.#recorder = options.recorder;
  }

  list(): SearchIndex[] {
    return this.#context.state.searchIndexes.map((index) =>
      searchIndexRecord(index, this.#context.location()),
    );
  }

  get(id: string): SearchIndex {
    return searchIndexRecord(this.#index(id), this.#context.location());
  }

  async create(body: CreateSearchIndexBody): Promise<SearchIndex> {
    const index: SearchIndexState = {
      id: randomUUID(),
      name: body.name,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
      region: body.region,
      plan: body.type,
      token: generateToken(),
      readOnlyToken: generateToken(),
    };
    this.#context.state.searchIndexes.push(index);
    await this.#auditLog.record("Create Search Index", index.id);
    return searchIndexRecord(index, this.#context.location());
  }

  async delete(id: string): Promise<"OK"> {
    const index = this.#index(id);
    const { state } = this.#context;
    state.searchIndexes = state.searchIndexes.filter((entry) => entry !== index);
    this.#recorder.forget({ kind: "search", id: index.id });
    await this.#auditLog.record("Delete Search Index", index.id);
    return "OK";
  }

  async rename(id: string, name: string): Promise<"OK"> {
    this.#index(id).name = name;
    await this.#context.save();
    return "OK";
  }

  async resetPassword(id: string): Promise<"OK"> {
    const index = this.#index(id);
    index.token = generateToken();
    index.readOnlyToken = generateToken();
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
    return vectorStats(
      {
        recorder: this.#recorder,
        resource: { kind: "search", id: index.id },
        period,
        plan: index.plan,
      },
      { vectorCount: 0, pendingVectorCount: 0, storageBytes: 0 },
    );
  }

  /** `GET /search/stats`: totals over every search index this month. */
  globalStats(): GlobalStats {
    return indexGlobalStats({
      recorder: this.#recorder,
      kind: "search",
      indexes: this.#context.state.searchIndexes.map((index) => ({
        id: index.id,
        plan: index.plan,
        records: 0,
        storage: 0,
      })),
    });
  }

  #index(id: string): SearchIndexState {
    return this.#context.state.searchIndexes.find((entry) => entry.id === id) ?? notFound("index");
  }
}
