/**
 * Durable state for the emulator: {@link openStore} (a snapshot plus a checksummed log),
 * {@link createMemoryStore} when there is no data directory, and {@link openDataDir}, which lays
 * out and locks the directory (STYLE.md §7.5). Owners keep their codecs in their own
 * `persistence.ts`; this folder only knows bytes and files.
 *
 * @module
 */
export { DATA_DIR_AREAS, type DataDir, type DataDirArea, openDataDir } from "./data-dir.ts";
export { createMemoryStore } from "./memory-store.ts";
export { type FsyncPolicy, openStore, type Store } from "./store.ts";
export { type StoreImage, type StoreState, writeStoreImages } from "./store-image.ts";
