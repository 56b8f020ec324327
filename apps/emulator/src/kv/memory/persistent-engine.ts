/**
 * An engine whose writes survive restarts: on open, the storage log is replayed; afterwards every
 * write unit's effects are appended to it (STYLE.md §7.5). `flush()` resolves once everything
 * appended is as durable as the fsync policy promises, so callers acknowledge writes only then.
 */
import { type Clock, Engine } from "../../engine/index.ts";
import {
  decodeEffects,
  encodeEffects,
  encodeSnapshot,
  loadSnapshot,
  replayEffects,
} from "../../engine/persistence.ts";
import { EmulatorError } from "../../errors.ts";
import { type FsyncPolicy, openStore, type Store, type StoreState } from "../../storage/index.ts";
import { saveRdbFile } from "./rdb-save.ts";

/** What the memory backend needs to acknowledge writes durably. */
export interface Durability {
  /**
   * What a reply produced now must wait for before it is released, or undefined when it may go at
   * once. Under `always` that is any write or fsync of earlier writes still in flight, whichever
   * client made them and whatever the reply (a read too): Redis writes no reply before the fsync of
   * the writes that preceded it (src/server.c beforeSleep calls flushAppendOnlyFile, which fsyncs
   * under `always`, before handleClientsWithPendingWritesUsingThreads). Under `everysec` and `no`,
   * only writes not yet handed to the store, as Redis promises nothing more there. The engine is
   * never held, only replies.
   */
  beforeReply(): Promise<void> | undefined;
  /** Resolves once everything appended so far is as durable as the fsync policy promises. */
  flush(): Promise<void>;
}

export interface PersistentEngine {
  readonly engine: Engine;
  readonly durability: Durability;
  /** What recovery reported: records dropped from a torn tail, if any. */
  readonly recoveryWarning: string | undefined;
  close(): Promise<void>;
}

export interface PersistentEngineOptions {
  /** The `kv` area of the data directory. */
  readonly directory: string;
  readonly fsync: FsyncPolicy;
  readonly clock: Clock;
  readonly onInternalError: (error: unknown) => void;
  readonly onWarning: (message: string) => void;
  /** Log size that triggers compaction into a snapshot. @default the store's (64 MiB) */
  readonly snapshotThresholdBytes?: number;
}

/** The engine's store in its database's folder. */
const ENGINE_STORE_NAME = "engine";

/** The keyspace as the store's snapshot holds it; throws when some value cannot be dumped yet. */
export function engineStoreState(engine: Engine): StoreState {
  const state = encodeSnapshot(engine);
  if (state === undefined) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      "the keyspace holds a value the engine cannot snapshot (a type without a DUMP codec, or a value longer than a string can be)",
    );
  }
  return { name: ENGINE_STORE_NAME, state };
}

export async function openPersistentEngine(
  options: PersistentEngineOptions,
): Promise<PersistentEngine> {
  const store: Store = await openStore({
    dataDir: options.directory,
    name: ENGINE_STORE_NAME,
    fsync: options.fsync,
    onWarning: options.onWarning,
    ...(options.snapshotThresholdBytes === undefined
      ? {}
      : { snapshotThresholdBytes: options.snapshotThresholdBytes }),
  });
  let hasPendingWrites = false;
  let snapshotting: Promise<void> | undefined;
  /** Compacts the log into a snapshot; the engine is synchronous, so the state is consistent. */
  const compact = (): Promise<void> => {
    const state = encodeSnapshot(engine);
    return state === undefined ? Promise.resolve() : store.snapshot(state);
  };
  const compactInBackground = (): void => {
    snapshotting ??= compact()
      .catch(options.onInternalError)
      .finally(() => {
        snapshotting = undefined;
      });
  };
  const engine: Engine = new Engine({
    clock: options.clock,
    onInternalError: options.onInternalError,
    // SAVE and BGSAVE write `dump.rdb` beside the log (what redis-server can load) and compact
    // the log, as a Redis SAVE also makes the next restart's load short.
    config: { dir: options.directory },
    save: () => {
      saveRdbFile(engine);
      compactInBackground();
    },
  });
  const contents = await store.load();
  if (contents.snapshot !== undefined) {
    loadSnapshot(engine, contents.snapshot);
  }
  for (const record of contents.records) {
    replayEffects(engine, decodeEffects(record));
  }
  engine.effectsListener = (effects) => {
    store.append(encodeEffects(effects));
    hasPendingWrites = true;
    if (store.snapshotDue) {
      compactInBackground();
    }
  };
  const flush = (): Promise<void> => {
    hasPendingWrites = false;
    return store.flush();
  };
  const holdsEveryReply = options.fsync === "always";
  const durability: Durability = {
    beforeReply: () => {
      const mayGo = holdsEveryReply ? store.isFlushed : !hasPendingWrites;
      return mayGo ? undefined : flush();
    },
    flush,
  };
  return {
    engine,
    durability,
    recoveryWarning:
      contents.dropped === undefined
        ? undefined
        : `dropped ${contents.dropped.bytes} bytes of a torn log tail: ${contents.dropped.reason}`,
    close: async () => {
      engine.effectsListener = undefined;
      await snapshotting;
      // A clean shutdown leaves a snapshot, so the next start does not replay the whole log.
      await compact().catch(options.onInternalError);
      await store.close();
      engine.close();
    },
  };
}
