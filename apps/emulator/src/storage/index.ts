/**
 * Durable state for the emulator: {@link openStore} (a snapshot plus a checksummed log),
 * {@link createMemoryStore} when there is no data directory, and {@link openDataDir}, which lays
 * out and locks the directory (STYLE.md §7.5). Owners keep their codecs in their own
 * `persistence.ts`; this folder only knows bytes and files.
 *
 * @module
 */
export { type DataDir, openDataDir } from "./data-dir.ts";
export { createMemoryStore } from "./memory-store.ts";
export { type FsyncPolicy, openStore, type Store } from "./store.ts";
