/**
 * The queue product's durable state (STYLE.md §7.5): one store in the data directory's `queues`
 * area. Every change is a record `{i, k, key, v}` (instance, kind, key, value; no `v` removes),
 * so replay rebuilds each instance's maps; a snapshot of every live record replaces the log when
 * it grows past the threshold and on close. Log entries (`event`) are only ever added: the plan's
 * bounds trim them again when an instance is restored, so the snapshot (which holds only the
 * entries kept) and the log bound the file. Each message record put is also remembered as the
 * `eventRecord` of its id, so entries of a message that reached a final state still show it.
 * Flow-control counters are not kept: they describe the running process.
 */
import { EmulatorError } from "../errors.ts";
import {
  createMemoryStore,
  type FsyncPolicy,
  openStore,
  type Store,
  type StoreState,
} from "../storage/index.ts";
import { ALL_EVENTS, type JournalKind } from "./instance.ts";

const FORMAT_VERSION = 1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Records by instance, then kind, then key. */

/** The store's name in its area of the data directory. */
const QUEUE_STORE_NAME = "queues";

function encodeQueueSnapshot(state: QueueSnapshot): Uint8Array {
  const records: LogRecord[] = [];
  for (const [instance, kinds] of state) {
    for (const [kind, entries] of kinds) {
      for (const [key, value] of entries) {
        records.push({ i: instance, k: kind, key, v: value });
      }
    }
  }
  return encoder.encode(JSON.stringify({ version: FORMAT_VERSION, records }));
}

export type QueueSnapshot = Map<string, Map<JournalKind, Map<string, unknown>>>;

interface LogRecord {
  readonly i: string;
  readonly k: JournalKind;
  readonly key: string;
  readonly v?: unknown;
}

export class QueuePersistence {
  readonly #store: Store;
  readonly initial: QueueSnapshot;
  /** False without a data directory: records would only be encoded to be dropped. */
  readonly isDurable: boolean;

  readonly #onWarning: (message: string) => void;

  private constructor(options: {
    store: Store;
    initial: QueueSnapshot;
    isDurable: boolean;
    onWarning: (message: string) => void;
  }) {
    this.#store = options.store;
    this.#onWarning = options.onWarning;
    this.initial = options.initial;
    this.isDurable = options.isDurable;
  }

  static async open(options: {
    readonly directory?: string | undefined;
    readonly fsync?: FsyncPolicy;
    readonly onWarning: (message: string) => void;
  }): Promise<QueuePersistence> {
    const store =
      options.directory === undefined
        ? createMemoryStore()
        : await openStore({
            dataDir: options.directory,
            name: QUEUE_STORE_NAME,
            fsync: options.fsync ?? "everysec",
            onWarning: options.onWarning,
          });
    const contents = await store.load();
    const state: QueueSnapshot = new Map();
    try {
      if (contents.snapshot !== undefined) {
        const parsed = JSON.parse(decoder.decode(contents.snapshot)) as {
          version: number;
          records: LogRecord[];
        };
        if (parsed.version !== FORMAT_VERSION) {
          throw new Error(`unsupported queue state version ${String(parsed.version)}`);
        }
        for (const record of parsed.records) {
          apply(state, record);
        }
      }
      for (const bytes of contents.records) {
        const parsed = JSON.parse(decoder.decode(bytes)) as LogRecord | { b: LogRecord[] };
        for (const record of "b" in parsed ? parsed.b : [parsed]) {
          apply(state, record);
        }
      }
    } catch (error: unknown) {
      await store.close();
      throw new EmulatorError(
        "ERR_DATA_CORRUPT",
        `the queue state in ${options.directory ?? "memory"} cannot be read: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return new QueuePersistence({
      onWarning: options.onWarning,
      store,
      initial: state,
      isDurable: options.directory !== undefined,
    });
  }

  /**
   * Records of this event-loop turn, appended as one log record (`{b: [...]}`) by {@link flush}
   * (a request's answer waits for it) or at the end of the turn (deliveries, timers): one encode,
   * one checksum and one frame for a publish's message and log entry, or for every delivery that
   * finished in the turn, instead of one each. Values are encoded then, so a record changed later
   * in the same turn is written as it is then (a later put of it would follow anyway).
   */
  #batch: LogRecord[] = [];
  #drainScheduled = false;

  put(record: { instance: string; kind: JournalKind; key: string; value: unknown }): void {
    if (!this.isDurable) {
      return;
    }
    this.#add({ i: record.instance, k: record.kind, key: record.key, v: record.value });
  }

  remove(record: { instance: string; kind: JournalKind; key: string }): void {
    if (!this.isDurable) {
      return;
    }
    this.#add({ i: record.instance, k: record.kind, key: record.key });
  }

  #add(record: LogRecord): void {
    this.#batch.push(record);
    if (!this.#drainScheduled) {
      this.#drainScheduled = true;
      setImmediate(() => {
        this.#drainScheduled = false;
        try {
          this.#drain();
        } catch (error: unknown) {
          // A failed store (or a change after close): reported, not thrown out of the event loop.
          this.#onWarning(`the queue journal could not be written: ${(error as Error).message}`);
        }
      });
    }
  }

  /** Appends the turn's records to the store. */
  #drain(): void {
    const batch = this.#batch;
    if (batch.length === 0) {
      return;
    }
    this.#batch = [];
    this.#store.append(
      encoder.encode(JSON.stringify(batch.length === 1 ? batch[0] : { b: batch })),
    );
  }

  flush(): Promise<void> {
    this.#drain();
    return this.#store.isFlushed ? Promise.resolve() : this.#store.flush();
  }

  get snapshotDue(): boolean {
    return this.#store.snapshotDue;
  }

  /** `state` as the store's snapshot holds it, for an emulator snapshot. */
  storeState(state: QueueSnapshot): StoreState {
    return { name: QUEUE_STORE_NAME, state: encodeQueueSnapshot(state) };
  }

  /**
   * Replaces the log with `state` (every live record). `state` is encoded and handed to the store
   * in the same synchronous step, so the store's boundary is exactly the records `state` covers;
   * the store orders overlapping snapshots itself. (Waiting for a running snapshot first would
   * move the boundary past records appended meanwhile, which `state` lacks: they would be lost.)
   */
  snapshot(state: QueueSnapshot): Promise<void> {
    // The store's snapshot covers what was appended before it: the turn's records too.
    this.#drain();
    return this.#store.snapshot(encodeQueueSnapshot(state));
  }

  async close(state: QueueSnapshot | undefined): Promise<void> {
    this.#drain();
    if (state !== undefined && this.#store.logBytes > 0) {
      await this.snapshot(state);
    }
    await this.#store.close();
  }
}

function apply(state: QueueSnapshot, record: LogRecord): void {
  let kinds = state.get(record.i);
  if (kinds === undefined) {
    kinds = new Map();
    state.set(record.i, kinds);
  }
  if (record.k === "event" && record.key === ALL_EVENTS && record.v === undefined) {
    kinds.delete("event");
    kinds.delete("eventRecord");
    return;
  }
  if (record.k === "message" && record.v !== undefined) {
    apply(state, { i: record.i, k: "eventRecord", key: record.key, v: record.v });
  }
  let entries = kinds.get(record.k);
  if (entries === undefined) {
    entries = new Map();
    kinds.set(record.k, entries);
  }
  if (record.v === undefined) {
    entries.delete(record.key);
  } else {
    entries.set(record.key, record.v);
  }
}
