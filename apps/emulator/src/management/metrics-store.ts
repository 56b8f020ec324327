/**
 * The metrics recorder's store (STYLE.md §7.5, §7.6): the buckets are written as one snapshot to
 * `<dataDir>/metrics/`, every minute and on close. Metrics are statistics, so losing the last
 * minute on a crash is acceptable, and no per-request log record is worth its cost.
 */
import { decodeMetrics, encodeMetrics } from "../metrics/persistence.ts";
import { type MetricsClock, MetricsRecorder } from "../metrics/recorder.ts";
import {
  createMemoryStore,
  type FsyncPolicy,
  openStore,
  type Store,
  type StoreState,
} from "../storage/index.ts";

/** How often, in real time, the buckets are saved while running. */
const SAVE_INTERVAL_MS = 60_000;

/** A recorder backed by a store, saved every minute and on close. */
const METRICS_STORE_NAME = "metrics";

export interface PersistentMetrics {
  readonly recorder: MetricsRecorder;
  /** Writes the buckets now. */
  save(): Promise<void>;
  /** The buckets as the store's snapshot holds them, for an emulator snapshot. */
  storeState(): StoreState;
  close(): Promise<void>;
}

export interface OpenMetricsOptions {
  readonly clock: MetricsClock;
  /** The `metrics` area of the data directory; absent: nothing is kept. */
  readonly directory?: string | undefined;
  readonly fsync?: FsyncPolicy;
  readonly onError: (error: unknown) => void;
}

export async function openMetrics(options: OpenMetricsOptions): Promise<PersistentMetrics> {
  const store: Store =
    options.directory === undefined
      ? createMemoryStore()
      : await openStore({
          dataDir: options.directory,
          name: METRICS_STORE_NAME,
          fsync: options.fsync ?? "everysec",
          onWarning: (message) => options.onError(new Error(message)),
        });
  const recorder = new MetricsRecorder({ clock: options.clock });
  const contents = await store.load();
  if (contents.snapshot !== undefined) {
    try {
      decodeMetrics(recorder, contents.snapshot);
    } catch (error: unknown) {
      // Statistics are not worth refusing to start over: begin empty and say why.
      options.onError(new Error("metrics snapshot unreadable; starting empty", { cause: error }));
    }
  }
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    saving = saving.then(async () => {
      if (options.directory === undefined) {
        return;
      }
      recorder.prune();
      await store.snapshot(encodeMetrics(recorder));
    });
    return saving;
  };
  const timer =
    options.directory === undefined
      ? undefined
      : setInterval(() => {
          save().catch(options.onError);
        }, SAVE_INTERVAL_MS);
  timer?.unref();
  return {
    recorder,
    save,
    storeState: () => ({ name: METRICS_STORE_NAME, state: encodeMetrics(recorder) }),
    close: async () => {
      clearInterval(timer);
      await save().catch(options.onError);
      await store.close();
    },
  };
}
