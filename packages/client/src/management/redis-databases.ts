/** Redis database operations (management-api.md §3.1). */
import {
  type Backup,
  BackupSchema,
  type ChangePlanBodyInput,
  ChangePlanBodySchema,
  type CreateDatabaseBodyInput,
  CreateDatabaseBodySchema,
  type Database,
  DatabaseBudgetBodySchema,
  DatabaseSchema,
  type DatabaseStats,
  DatabaseStatsSchema,
  type MoveDatabaseToTeamBody,
  MoveDatabaseToTeamBodySchema,
  type OkResponse,
  OkResponseSchema,
  type ReadRegion,
  RenameBodySchema,
  RestoreBackupBodySchema,
  UpdateAllowlistBodySchema,
  UpdateRegionsBodySchema,
} from "@stratus/core/schemas";
import type { Schema } from "../transport/json.ts";
import { type ManagementCaller, periodQuery, type StatsOptions, segment } from "./caller.ts";

/** The Redis database operations. */
export interface RedisDatabases {
  list(): Promise<Database[]>;
  create(body: CreateDatabaseBodyInput): Promise<Database>;
  /** `hideCredentials` sends `?credentials=hide`. */
  get(id: string, options?: { readonly hideCredentials?: boolean }): Promise<Database>;
  delete(id: string): Promise<OkResponse>;
  rename(id: string, name: string): Promise<Database>;
  /** New password and tokens. */
  resetPassword(id: string): Promise<Database>;
  enableTls(id: string): Promise<Database>;
  enableEviction(id: string): Promise<OkResponse>;
  disableEviction(id: string): Promise<OkResponse>;
  enableAutoUpgrade(id: string): Promise<OkResponse>;
  disableAutoUpgrade(id: string): Promise<OkResponse>;
  enableProdPack(id: string): Promise<OkResponse>;
  disableProdPack(id: string): Promise<OkResponse>;
  enableDailyBackup(id: string): Promise<OkResponse>;
  disableDailyBackup(id: string): Promise<OkResponse>;
  changePlan(id: string, body: ChangePlanBodyInput): Promise<OkResponse>;
  updateBudget(id: string, budget: number): Promise<OkResponse>;
  updateRegions(id: string, readRegions: readonly ReadRegion[]): Promise<OkResponse>;
  updateAllowlist(id: string, allowedIps: readonly string[]): Promise<OkResponse>;
  moveToTeam(body: MoveDatabaseToTeamBody): Promise<OkResponse>;
  stats(id: string, options?: StatsOptions): Promise<DatabaseStats>;
  listBackups(id: string): Promise<Backup[]>;
  createBackup(id: string, name: string): Promise<OkResponse>;
  deleteBackup(id: string, backupId: string): Promise<OkResponse>;
  restoreBackup(id: string, backupId: string): Promise<OkResponse>;
}

const DatabaseListSchema = DatabaseSchema.array();
const BackupListSchema = BackupSchema.array();

/** The operations over a caller. */
export function redisDatabases(caller: ManagementCaller): RedisDatabases {
  const ok = (
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body?: { readonly value: unknown; readonly schema: Schema<unknown> },
  ) =>
    caller.call({
      method,
      path,
      response: OkResponseSchema,
      ...(body === undefined ? {} : { body: body.value, bodySchema: body.schema }),
    });
  const database = (path: string, body?: unknown, bodySchema?: Schema<unknown>) =>
    caller.call({
      method: "POST",
      path,
      body,
      response: DatabaseSchema,
      ...(bodySchema === undefined ? {} : { bodySchema }),
    });
  return {
    list: () =>
      caller.call({ method: "GET", path: "/redis/databases", response: DatabaseListSchema }),
    create: (body) => database("/redis/database", body, CreateDatabaseBodySchema),
    get: (id, options) =>
      caller.call({
        method: "GET",
        path: `/redis/database/${segment(id)}${options?.hideCredentials === true ? "?credentials=hide" : ""}`,
        response: DatabaseSchema,
      }),
    delete: (id) => ok("DELETE", `/redis/database/${segment(id)}`),
    rename: (id, name) => database(`/redis/rename/${segment(id)}`, { name }, RenameBodySchema),
    resetPassword: (id) => database(`/redis/reset-password/${segment(id)}`),
    enableTls: (id) => database(`/redis/enable-tls/${segment(id)}`),
    enableEviction: (id) => ok("POST", `/redis/enable-eviction/${segment(id)}`),
    disableEviction: (id) => ok("POST", `/redis/disable-eviction/${segment(id)}`),
    enableAutoUpgrade: (id) => ok("POST", `/redis/enable-autoupgrade/${segment(id)}`),
    disableAutoUpgrade: (id) => ok("POST", `/redis/disable-autoupgrade/${segment(id)}`),
    enableProdPack: (id) => ok("POST", `/redis/enable-prodpack/${segment(id)}`),
    disableProdPack: (id) => ok("POST", `/redis/disable-prodpack/${segment(id)}`),
    // management-api.md §3.1: the daily-backup toggles are PATCH.
    enableDailyBackup: (id) => ok("PATCH", `/redis/enable-dailybackup/${segment(id)}`),
    disableDailyBackup: (id) => ok("PATCH", `/redis/disable-dailybackup/${segment(id)}`),
    changePlan: (id, body) =>
      ok("POST", `/redis/${segment(id)}/change-plan`, {
        value: body,
        schema: ChangePlanBodySchema,
      }),
    updateBudget: (id, budget) =>
      ok("PATCH", `/redis/update-budget/${segment(id)}`, {
        value: { budget },
        schema: DatabaseBudgetBodySchema,
      }),
    updateRegions: (id, readRegions) =>
      ok("POST", `/redis/update-regions/${segment(id)}`, {
        value: { read_regions: readRegions },
        schema: UpdateRegionsBodySchema,
      }),
    updateAllowlist: (id, allowedIps) =>
      ok("POST", `/redis/update-allowlist/${segment(id)}`, {
        value: { allowed_ips: allowedIps },
        schema: UpdateAllowlistBodySchema,
      }),
    moveToTeam: (body) =>
      ok("POST", "/redis/move-to-team", { value: body, schema: MoveDatabaseToTeamBodySchema }),
    stats: async (id, options) =>
      caller.call({
        method: "GET",
        path: `/redis/stats/${segment(id)}${periodQuery(options)}`,
        response: DatabaseStatsSchema,
      }),
    listBackups: (id) =>
      caller.call({
        method: "GET",
        path: `/redis/list-backup/${segment(id)}`,
        response: BackupListSchema,
      }),
    createBackup: (id, name) =>
      ok("POST", `/redis/create-backup/${segment(id)}`, {
        value: { name },
        schema: RenameBodySchema,
      }),
    deleteBackup: (id, backupId) =>
      ok("DELETE", `/redis/delete-backup/${segment(id)}/${segment(backupId)}`),
    restoreBackup: (id, backupId) =>
      ok("POST", `/redis/restore-backup/${segment(id)}`, {
        value: { backup_id: backupId },
        schema: RestoreBackupBodySchema,
      }),
  };
}
