/**
 * Vector indexes (`spec/management-api.md` §3.3): records of the vector service's indexes, served
 * at `/vector/{urlName}`; the live tokens and levels are the service's.
 */
import { randomUUID } from "node:crypto";
import {
  type CreateVectorIndexBody,
  DENSE_EMBEDDING_MODEL_DIMENSIONS,
  type GlobalStats,
  type StatsPeriod,
  type VectorIndex,
  type VectorStats,
} from "@stratus/core/schemas";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import type { AuditLog } from "./audit-log.ts";
import type { ManagementContext } from "./context.ts";
import { badRequest, ManagementError, notFound } from "./errors.ts";
import { uniqueUrlName } from "./naming.ts";
import { vectorIndexRecord } from "./records.ts";
import type { VectorIndexState } from "./state.ts";
import { indexGlobalStats, vectorStats } from "./stats.ts";
import type { VectorIndexes, VectorIndexHandle, VectorIndexSpec } from "./vector-contract.ts";

export interface VectorIndexManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  /** The vector service; undefined when the emulator has none. */
  readonly vector?: VectorIndexes | undefined;
  readonly recorder: MetricsRecorder;
}

export class VectorIndexManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #vector: VectorIndexes | undefined;
  readonly #recorder: MetricsRecorder;
  /**
   * URL names chosen by creations still in progress: creating an index is asynchronous, so two
   * concurrent creations with one name must not both pick it.
   */
  readonly #pendingUrlNames = new Set<string>();

  constructor(options: VectorIndexManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
    this.#vector = options.vector;
    this.#recorder = options.recorder;
  }

  /**
   * Gives a record to every index of the vector service that has none (the default index, and
   * any made before the management state existed), and drops records of indexes that are gone.
   */
  adoptServiceIndexes(): void {
    const handles = this.#vector?.listIndexes?.();
    if (handles === undefined) {
      return;
    }
    const { state } = this.#context;
    const names = new Set(handles.map((handle) => handle.name));
    state.vectorIndexes = state.vectorIndexes.filter((index) => names.has(index.urlName));
    for (const handle of handles) {
      if (state.vectorIndexes.some((index) => index.urlName === handle.name)) {
        continue;
      }
      state.vectorIndexes.push(this.#adoptedRecord(handle, { ...handle.spec, name: handle.name }));
    }
  }

  list(): VectorIndex[] {
    return this.#context.state.vectorIndexes.map((index) => this.#record(index));
  }

  get(id: string): VectorIndex {
    return this.#record(this.#index(id));
  }

  async create(body: CreateVectorIndexBody): Promise<VectorIndex> {
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
      (name) => vector.getIndex(name) !== undefined || this.#pendingUrlNames.has(name),
    );
    this.#pendingUrlNames.add(urlName);
    const handle = await createIndexOrRefuse(vector, {
      name: urlName,
      type: indexType,
      similarity: body.similarity_function,
      ...(indexType === "SPARSE" ? {} : { dimension: body.dimension_count }),
      ...(body.embedding_model === undefined ? {} : { denseEmbeddingModel: body.embedding_model }),
      ...(body.sparse_embedding_model === undefined
        ? {}
        : { sparseEmbeddingModel: body.sparse_embedding_model }),
    }).finally(() => this.#pendingUrlNames.delete(urlName));
    const index: VectorIndexState = {
      id: randomUUID(),
      name: body.name,
      urlName: handle.name,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
      region: body.region,
      plan: body.type === "fixed" ? "fixed" : "payg",
      indexType,
      similarity: body.similarity_function,
      dimension: handle.spec.dimension ?? body.dimension_count,
      embeddingModel: body.embedding_model ?? "",
      sparseEmbeddingModel: body.sparse_embedding_model ?? "",
    };
    this.#context.state.vectorIndexes.push(index);
    await this.#auditLog.record("Create Vector Index", index.id);
    return this.#record(index);
  }

  /**
   * Declares a vector index from `--config`: created once, under exactly its name, with the given
   * tokens (an index that already exists keeps its own).
   */
  async ensure(declared: VectorIndexSpec): Promise<VectorIndex> {
    const existing = this.#context.state.vectorIndexes.find(
      (entry) => entry.urlName === declared.name,
    );
    if (existing !== undefined) {
      return this.#record(existing);
    }
    const vector = this.#vectorService();
    const handle = vector.getIndex(declared.name) ?? (await createIndexOrRefuse(vector, declared));
    const index = this.#adoptedRecord(handle, declared);
    this.#context.state.vectorIndexes.push(index);
    await this.#auditLog.record("Create Vector Index", index.id);
    return this.#record(index);
  }

  async delete(id: string): Promise<"OK"> {
    const index = this.#index(id);
    const { state } = this.#context;
    state.vectorIndexes = state.vectorIndexes.filter((entry) => entry !== index);
    await this.#vector?.deleteIndex(index.urlName);
    this.#recorder.forget({ kind: "vector", id: index.urlName });
    await this.#auditLog.record("Delete Vector Index", index.id);
    return "OK";
  }

  async rename(id: string, name: string): Promise<"OK"> {
    this.#index(id).name = name;
    await this.#context.save();
    return "OK";
  }

  /** Both tokens are replaced; a GET shows the new ones (§3.3). */
  async resetPassword(id: string): Promise<"OK"> {
    const index = this.#index(id);
    this.#vectorService().getIndex(index.urlName)?.resetTokens();
    await this.#auditLog.record("Reset Vector Index Password", index.id);
    return "OK";
  }

  async setPlan(id: string, plan: "free" | "payg" | "fixed"): Promise<"OK"> {
    this.#index(id).plan = plan;
    await this.#context.save();
    return "OK";
  }

  async transfer(id: string, target: string): Promise<"OK"> {
    const index = this.#index(id);
    index.ownerId = this.#context.transferTarget(target);
    await this.#auditLog.record("Transfer Vector Index", index.id);
    return "OK";
  }

  stats(id: string, period: StatsPeriod): VectorStats {
    const index = this.#index(id);
    const stats = this.#vector?.getIndex(index.urlName)?.stats();
    return vectorStats(
      {
        recorder: this.#recorder,
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
  globalStats(): GlobalStats {
    return indexGlobalStats({
      recorder: this.#recorder,
      kind: "vector",
      indexes: this.#context.state.vectorIndexes.map((index) => {
        const stats = this.#vector?.getIndex(index.urlName)?.stats();
        return {
          id: index.urlName,
          plan: index.plan,
          records: stats?.vectorCount ?? 0,
          storage: stats?.indexSize ?? 0,
        };
      }),
    });
  }

  #index(id: string): VectorIndexState {
    return this.#context.state.vectorIndexes.find((entry) => entry.id === id) ?? notFound("index");
  }

  #vectorService(): VectorIndexes {
    return (
      this.#vector ??
      badRequest("vector indexes are not available: this emulator runs without a vector service")
    );
  }

  /**
   * The record of an index made without the API (adopted, or declared in `--config`): the
   * account's, in the default region and plan; `declared` names it, the service's spec has the
   * last word on its dimension.
   */
  #adoptedRecord(handle: VectorIndexHandle, declared: VectorIndexSpec): VectorIndexState {
    return {
      id: randomUUID(),
      name: declared.name,
      urlName: handle.name,
      ownerId: this.#context.email,
      creationTimeS: this.#context.nowS(),
      region: "us-east-1",
      plan: "payg",
      indexType: declared.type,
      similarity: declared.similarity,
      dimension: handle.spec.dimension ?? declared.dimension ?? 0,
      embeddingModel: declared.denseEmbeddingModel ?? "",
      sparseEmbeddingModel: declared.sparseEmbeddingModel ?? "",
    };
  }

  #record(index: VectorIndexState): VectorIndex {
    const handle = this.#vector?.getIndex(index.urlName);
    return vectorIndexRecord(index, this.#context.location(), {
      token: handle?.token ?? "",
      readOnlyToken: handle?.readOnlyToken ?? "",
    });
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
