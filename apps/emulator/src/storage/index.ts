/**
 * Durable state for the emulator: {@link openStore} (a snapshot plus a checksummed log),
 * {@link createMemoryStore} when there is no data directory, and {@link openDataDir}, which lays
 * out and locks the directory (STYLE.md §7.5). Owners keep their codecs in their own
 * `persistence.ts`; this folder only knows bytes and files.
 *
 * @module
 */
export {
  DATA_DIR_AREAS,
  type DataDir,
  type DataDirArea,
  LOCK_FILE_NAME,
  openDataDir,
} from "./data-dir.ts";
export { createMemoryStore } from "./memory-store.ts";
export {
  DEFAULT_SNAPSHOT_THRESHOLD_BYTES,
  type DroppedTail,
  FSYNC_POLICIES,
  type FsyncPolicy,
  type OpenStoreOptions,
  openStore,
  type Store,
  type StoreContents,
} from "./store.ts";
