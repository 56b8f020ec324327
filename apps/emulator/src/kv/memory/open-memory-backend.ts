/**
 * The one place an embedded engine and its `MemoryBackend` are built, for the default database
 * (`emulator.ts`) and the ones the management API creates (`database-factory.ts`): in memory, or
 * replayed from and logging to a data directory.
 */
import { type Clock, Engine } from "../../engine/index.ts";
import type { FsyncPolicy } from "../../storage/index.ts";
import { MemoryBackend } from "./memory-backend.ts";
import { openPersistentEngine } from "./persistent-engine.ts";

export interface MemoryBackendOptions {
  readonly clock: Clock;
  /** The database's `kv` directory; undefined keeps it in memory only. */
  readonly directory: string | undefined;
  readonly fsync: FsyncPolicy;
  /** Receives engine bugs and storage warnings. */
  readonly onError: (error: unknown) => void;
}

export interface OpenMemoryBackend {
  readonly backend: MemoryBackend;
  /** Closes the backend, then stops the engine (and flushes and closes its storage). */
  close(): Promise<void>;
}

export async function openMemoryBackend(options: MemoryBackendOptions): Promise<OpenMemoryBackend> {
  const { clock, directory, onError } = options;
  if (directory === undefined) {
    const engine = new Engine({ clock, onInternalError: onError });
    const backend = new MemoryBackend(engine);
    return {
      backend,
      close: async () => {
        await backend.close();
        engine.close();
      },
    };
  }
  const persistent = await openPersistentEngine({
    directory,
    fsync: options.fsync,
    clock,
    onInternalError: onError,
    onWarning: (message) => onError(new Error(message)),
  });
  const backend = new MemoryBackend(persistent.engine, persistent.durability);
  return {
    backend,
    close: async () => {
      await backend.close();
      await persistent.close();
    },
  };
}
