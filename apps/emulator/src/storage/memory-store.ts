/**
 * The store used when the emulator has no data directory: the {@link Store} interface, keeping
 * nothing, so owners persist the same way with or without one.
 *
 * @module
 */
import { EmulatorError } from "../errors.ts";
import type { Store, StoreContents } from "./store.ts";

/**
 * A {@link Store} that keeps nothing: `load()` finds no snapshot and no records, writes are
 * dropped, and `snapshotDue` never turns true, so owners never serialise their state for it.
 */
export function createMemoryStore(): Store {
  return new MemoryStore();
}

class MemoryStore implements Store {
  #isClosed = false;

  get logBytes(): number {
    return 0;
  }

  get snapshotDue(): boolean {
    return false;
  }

  get isFlushed(): boolean {
    return true;
  }

  async load(): Promise<StoreContents> {
    this.#assertOpen();
    return { snapshot: undefined, records: [] };
  }

  append(_record: Uint8Array): void {
    // Same contract as the file store, so a use after close fails in tests without a data dir too.
    this.#assertOpen();
  }

  async flush(): Promise<void> {
    // Nothing is buffered.
  }

  async snapshot(_state: Uint8Array): Promise<void> {
    this.#assertOpen();
  }

  async close(): Promise<void> {
    this.#isClosed = true;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #assertOpen(): void {
    if (this.#isClosed) {
      throw new EmulatorError("ERR_INTERNAL", "The memory store is closed.");
    }
  }
}
