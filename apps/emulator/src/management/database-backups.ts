/**
 * The backup operations of a key-value database (`spec/management-api.md` §3.1): list, create,
 * delete and restore, over a {@link BackupStore}; `backups.ts` takes and restores the keys.
 */
import { randomUUID } from "node:crypto";
import type { Backup } from "@stratus/core/schemas";
import type { KvDatabase } from "../kv/database.ts";
import type { StoreState } from "../storage/index.ts";
import type { AuditLog } from "./audit-log.ts";
import { backupSize, restoreBackup, takeBackup } from "./backups.ts";
import type { ManagementContext } from "./context.ts";
import { badRequest, ManagementError } from "./errors.ts";
import { type BackupStore, backupsStoreState, type StoredBackup } from "./persistence.ts";
import type { DatabaseState } from "./state.ts";

export interface BackupManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  /** Where backups are kept. @default in memory */
  readonly store?: BackupStore | undefined;
  /** The router's databases by URL name: a backup reads, and a restore writes, the live one. */
  readonly kvDatabases: ReadonlyMap<string, KvDatabase>;
}

export class BackupManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #store: BackupStore;
  readonly #kvDatabases: ReadonlyMap<string, KvDatabase>;

  constructor(options: BackupManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
    this.#store = options.store ?? inMemoryBackups();
    this.#kvDatabases = options.kvDatabases;
  }

  list(databaseId: string): Backup[] {
    const database = this.#context.database(databaseId);
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
  async create(databaseId: string, name: string): Promise<"OK"> {
    const database = this.#context.database(databaseId);
    const live = this.#liveDatabase(database);
    const entries = await takeBackup(live.backend, this.#context.clock.now());
    await this.#store.put({
      id: randomUUID(),
      databaseId: database.id,
      name,
      creationTimeS: this.#context.nowS(),
      entries,
    });
    await this.#auditLog.record("Create Backup", database.id);
    return "OK";
  }

  async delete(databaseId: string, backupId: string): Promise<"OK"> {
    const backup = this.#backup(this.#context.database(databaseId), backupId);
    await this.#store.remove(backup.id);
    return "OK";
  }

  /** Replaces the database's contents with the backup's, atomically. */
  async restore(databaseId: string, backupId: string): Promise<"OK"> {
    const database = this.#context.database(databaseId);
    const backup = this.#backup(database, backupId);
    await restoreBackup(
      this.#liveDatabase(database).backend,
      backup.entries,
      this.#context.clock.now(),
    );
    await this.#auditLog.record("Restore Backup", database.id);
    return "OK";
  }

  /** Drops every backup of a database being deleted. */
  async removeAllOf(databaseId: string): Promise<void> {
    for (const backup of this.#backupsOf(databaseId)) {
      await this.#store.remove(backup.id);
    }
  }

  close(): Promise<void> {
    return this.#store.close();
  }

  #backupsOf(databaseId: string): StoredBackup[] {
    return [...this.#store.backups.values()].filter((backup) => backup.databaseId === databaseId);
  }

  #backup(database: DatabaseState, backupId: string): StoredBackup {
    const backup = this.#store.backups.get(backupId);
    if (backup === undefined || backup.databaseId !== database.id) {
      throw new ManagementError(404, "backup not found");
    }
    return backup;
  }

  /** Every backup now, for an emulator snapshot. */
  storeState(): StoreState {
    return this.#store.storeState();
  }

  /** The live database of a record (every record has one except over a proxy after a restart). */
  #liveDatabase(database: DatabaseState): KvDatabase {
    return (
      this.#kvDatabases.get(database.urlName) ??
      badRequest("this database is not served by this emulator (it runs with --redis-url)")
    );
  }
}

/** Backups kept in memory only (no data directory, or a service built without a store). */
function inMemoryBackups(): BackupStore {
  const backups = new Map<string, StoredBackup>();
  return {
    backups,
    storeState: () => backupsStoreState(backups),
    put: async (backup) => {
      backups.set(backup.id, backup);
    },
    remove: async (id) => {
      backups.delete(id);
    },
    close: async () => undefined,
  };
}
