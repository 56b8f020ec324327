/** Vector index and search index operations (management-api.md §3.3, §3.4). */
import {
  type CreateSearchIndexBody,
  CreateSearchIndexBodySchema,
  type CreateVectorIndexBody,
  CreateVectorIndexBodySchema,
  type GlobalStats,
  GlobalStatsSchema,
  type OkResponse,
  OkResponseSchema,
  RenameBodySchema,
  type SearchIndex,
  SearchIndexSchema,
  TransferBodySchema,
  type VectorIndex,
  VectorIndexSchema,
  type VectorPlan,
  VectorSetPlanBodySchema,
  type VectorStats,
  VectorStatsSchema,
} from "@stratus/core/schemas";
import type { Schema } from "../transport/json.ts";
import { type ManagementCaller, periodQuery, type StatsOptions, segment } from "./caller.ts";

/** What vector and search indexes share. */
export interface IndexOperations<TIndex, TCreateBody> {
  list(): Promise<TIndex[]>;
  create(body: TCreateBody): Promise<TIndex>;
  get(id: string): Promise<TIndex>;
  delete(id: string): Promise<OkResponse>;
  rename(id: string, name: string): Promise<OkResponse>;
  /** Resets both tokens; `get` shows the new ones. */
  resetPassword(id: string): Promise<OkResponse>;
  /** To a team account; transferring to a personal account is unsupported (§3.3). */
  transfer(id: string, targetAccount: string): Promise<OkResponse>;
  /** Totals across every index. */
  globalStats(): Promise<GlobalStats>;
  /** One index's stats: 60 datapoints per period, 240 for `30d` (§6.2). */
  stats(id: string, options?: StatsOptions): Promise<VectorStats>;
}

/** The vector index operations. */
export interface VectorIndexes extends IndexOperations<VectorIndex, CreateVectorIndexBody> {
  setPlan(id: string, targetPlan: VectorPlan): Promise<OkResponse>;
}

/** The search index operations. */
export type SearchIndexes = IndexOperations<SearchIndex, CreateSearchIndexBody>;

/** How one kind of index is spelled on the wire. */
interface IndexKind<TIndex> {
  /** `/vector/index` or `/search`. */
  readonly base: string;
  readonly record: Schema<TIndex>;
  readonly records: Schema<TIndex[]>;
  readonly createBody: Schema<unknown>;
}

function indexOperations<TIndex, TCreateBody>(
  caller: ManagementCaller,
  kind: IndexKind<TIndex>,
): IndexOperations<TIndex, TCreateBody> {
  const { base } = kind;
  const at = (id: string, action = ""): string => `${base}/${segment(id)}${action}`;
  const ok = (path: string, body?: unknown, bodySchema?: Schema<unknown>) =>
    caller.call({
      method: "POST",
      path,
      body,
      response: OkResponseSchema,
      ...(bodySchema === undefined ? {} : { bodySchema }),
    });
  return {
    list: () => caller.call({ method: "GET", path: base, response: kind.records }),
    create: (body) =>
      caller.call({
        method: "POST",
        path: base,
        body,
        bodySchema: kind.createBody,
        response: kind.record,
      }),
    get: (id) => caller.call({ method: "GET", path: at(id), response: kind.record }),
    delete: (id) => caller.call({ method: "DELETE", path: at(id), response: OkResponseSchema }),
    rename: (id, name) => ok(at(id, "/rename"), { name }, RenameBodySchema),
    resetPassword: (id) => ok(at(id, "/reset-password")),
    transfer: (id, targetAccount) =>
      ok(at(id, "/transfer"), { target_account: targetAccount }, TransferBodySchema),
    // §1: the literal `stats` route, not an index named "stats".
    globalStats: () =>
      caller.call({ method: "GET", path: `${base}/stats`, response: GlobalStatsSchema }),
    stats: async (id, options) =>
      caller.call({
        method: "GET",
        path: at(id, `/stats${periodQuery(options)}`),
        response: VectorStatsSchema,
      }),
  };
}

/** The vector index operations over a caller. */
export function vectorIndexes(caller: ManagementCaller): VectorIndexes {
  return {
    ...indexOperations<VectorIndex, CreateVectorIndexBody>(caller, {
      base: "/vector/index",
      record: VectorIndexSchema,
      records: VectorIndexSchema.array(),
      createBody: CreateVectorIndexBodySchema,
    }),
    setPlan: (id, targetPlan) =>
      caller.call({
        method: "POST",
        path: `/vector/index/${segment(id)}/setplan`,
        body: { target_plan: targetPlan },
        bodySchema: VectorSetPlanBodySchema,
        response: OkResponseSchema,
      }),
  };
}

/** The search index operations over a caller. */
export function searchIndexes(caller: ManagementCaller): SearchIndexes {
  return indexOperations<SearchIndex, CreateSearchIndexBody>(caller, {
    base: "/search",
    record: SearchIndexSchema,
    records: SearchIndexSchema.array(),
    createBody: CreateSearchIndexBodySchema,
  });
}
