/**
 * The management state's codec and store, and the backups' store (STYLE.md §7.5). Every mutation appends the whole state
 * as one record (management state is small and changes rarely), so the last record read back is
 * the state; a snapshot replaces the log on close and when the log grows past the threshold.
 */
import { EmulatorError } from "../errors.ts";
import {
  createMemoryStore,
  type FsyncPolicy,
  openStore,
  type Store,
  type StoreState,
} from "../storage/index.ts";
import type { BackupEntry } from "./backups.ts";
import type { ManagementState } from "./state.ts";

/** The stores' names in the `management` area. */
const MANAGEMENT_STORE_NAME = "management";
const BACKUP_STORE_NAME = "backups";

/** Format version, checked on load. */
const FORMAT_VERSION = 1;

export function encodeManagementState(state: ManagementState): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ version: FORMAT_VERSION, state }));
}

/** The state as its store's snapshot holds it, for an emulator snapshot. */
export function managementStoreState(state: ManagementState): StoreState {
  return { name: MANAGEMENT_STORE_NAME, state: encodeManagementState(state) };
}

export function decodeManagementState(bytes: Uint8Array): ManagementState {
  const decoded = JSON.parse(new TextDecoder().decode(bytes)) as {
    version: number;
    state: ManagementState;
  };
  if (decoded.version !== FORMAT_VERSION) {
    throw new Error(`unsupported management state version ${String(decoded.version)}`);
  }
  return decoded.state;
}

/** Where the management state lives. */
export interface ManagementStore {
  /** The state last saved, or undefined on a first start. */
  readonly initial: ManagementState | undefined;
  /** Saves a new version of the state; resolves once it is durable per the fsync policy. */
  save(state: ManagementState): Promise<void>;
  close(state: ManagementState): Promise<void>;
}

export async function openManagementStore(options: {
  /** The `management` area of the data directory; absent: nothing is kept. */
  readonly directory?: string | undefined;
  readonly fsync?: FsyncPolicy;
  readonly onWarning: (message: string) => void;
}): Promise<ManagementStore> {
  const store: Store =
    options.directory === undefined
      ? createMemoryStore()
      : await openStore({
          dataDir: options.directory,
          name: MANAGEMENT_STORE_NAME,
          fsync: options.fsync ?? "everysec",
          onWarning: options.onWarning,
        });
  const contents = await store.load();
  const latest = contents.records.at(-1) ?? contents.snapshot;
  let initial: ManagementState | undefined;
  try {
    initial = latest === undefined ? undefined : decodeManagementState(latest);
  } catch (error: unknown) {
    await store.close();
    throw new EmulatorError(
      "ERR_DATA_CORRUPT",
      `the management state in ${options.directory ?? "memory"} cannot be read: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    initial,
    save: async (state) => {
      const bytes = encodeManagementState(state);
      if (store.snapshotDue) {
        // Handed over at once: the store's boundary is then exactly what `bytes` covers (the store
        // orders overlapping snapshots itself; waiting for one would move the boundary past it).
        await store.snapshot(bytes);
        return;
      }
      store.append(bytes);
      await store.flush();
    },
    close: async (state) => {
      if (options.directory !== undefined) {
        await store.snapshot(encodeManagementState(state));
      }
      await store.close();
    },
  };
}

/** A stored backup of a key-value database. */
export interface StoredBackup {
  readonly id: string;
  readonly databaseId: string;
  readonly name: string;
  readonly creationTimeS: number;
  readonly entries: readonly BackupEntry[];
}

type EncodedBackup = Omit<StoredBackup, "entries"> & {
  entries: [key: string, dump: string, expiresAtMs: number | null][];
};

type BackupRecord =
  | { readonly op: "put"; readonly backup: EncodedBackup }
  | { readonly op: "delete"; readonly id: string };

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));

function encodeBackup(backup: StoredBackup): EncodedBackup {
  return {
    ...backup,
    entries: backup.entries.map((entry) => [
      toBase64(entry.key),
      toBase64(entry.dump),
      entry.expiresAtMs ?? null,
    ]),
  };
}

function decodeBackup(encoded: EncodedBackup): StoredBackup {
  return {
    ...encoded,
    entries: encoded.entries.map(([key, dump, expiresAtMs]) => ({
      key: fromBase64(key),
      dump: fromBase64(dump),
      expiresAtMs: expiresAtMs ?? undefined,
    })),
  };
}

/**
 * Backups live in their own store (`<dataDir>/management/backups.*`), apart from the small
 * management state that is rewritten on every change: a record per backup added or deleted.
 */
export interface BackupStore {
  /** Every backup, oldest first. */
  readonly backups: Map<string, StoredBackup>;
  put(backup: StoredBackup): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every backup as the store's snapshot holds them, for an emulator snapshot. */
  storeState(): StoreState;
  close(): Promise<void>;
}

/** Every backup as the backups store's snapshot holds them. */
export function backupsStoreState(backups: ReadonlyMap<string, StoredBackup>): StoreState {
  const encoded = [...backups.values()].map(encodeBackup);
  return { name: BACKUP_STORE_NAME, state: new TextEncoder().encode(JSON.stringify(encoded)) };
}

export async function openBackupStore(options: {
  readonly directory?: string | undefined;
  readonly fsync?: FsyncPolicy;
  readonly onWarning: (message: string) => void;
}): Promise<BackupStore> {
  const store: Store =
    options.directory === undefined
      ? createMemoryStore()
      : await openStore({
          dataDir: options.directory,
          name: BACKUP_STORE_NAME,
          fsync: options.fsync ?? "everysec",
          onWarning: options.onWarning,
        });
  const contents = await store.load();
  const backups = new Map<string, StoredBackup>();
  const decoder = new TextDecoder();
  if (contents.snapshot !== undefined) {
    for (const encoded of JSON.parse(decoder.decode(contents.snapshot)) as EncodedBackup[]) {
      backups.set(encoded.id, decodeBackup(encoded));
    }
  }
  for (const bytes of contents.records) {
    const record = JSON.parse(decoder.decode(bytes)) as BackupRecord;
    if (record.op === "put") {
      backups.set(record.backup.id, decodeBackup(record.backup));
    } else {
      backups.delete(record.id);
    }
  }
  const write = async (record: BackupRecord): Promise<void> => {
    store.append(new TextEncoder().encode(JSON.stringify(record)));
    await store.flush();
  };
  return {
    backups,
    storeState: () => backupsStoreState(backups),
    put: async (backup) => {
      backups.set(backup.id, backup);
      await write({ op: "put", backup: encodeBackup(backup) });
    },
    remove: async (id) => {
      if (backups.delete(id)) {
        await write({ op: "delete", id });
      }
    },
    close: async () => {
      if (options.directory !== undefined) {
        await store.snapshot(backupsStoreState(backups).state);
      }
      await store.close();
    },
  };
}
