/**
 * `openStore()`: the one durable primitive behind engine, vector, management and metrics state
 * (STYLE.md §7.5). It knows bytes and files; each owner keeps its codec in a `persistence.ts`.
 *
 * A store is a snapshot plus an append-only log of the records written after it (file names in
 * `files.ts`). Writes go through one queue: `append()` buffers a record, and a single writer
 * sends everything buffered so far in one `writev` (plus one fsync under `always`). Callers that
 * arrive while a write is in flight are batched into the next one, so many concurrent writers
 * share each fsync (group commit) instead of paying for one each.
 *
 * @module
 */
import type { FileHandle } from "node:fs/promises";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { EmulatorError } from "../errors.ts";
import {
  assertStoreName,
  hasErrorCode,
  listStoreFiles,
  type StoreFile,
  type StoreFileKind,
  storeFileName,
  syncDirectory,
  writeFully,
} from "./files.ts";
import { encodeLogRecord, scanLog } from "./log.ts";
import { readSnapshotFile, writeSnapshotFile } from "./snapshot.ts";

/**
 * When appended records reach the disk, like Redis's `appendfsync`:
 * - `always`: `flush()` resolves only after an fsync covering the records; nothing acknowledged
 *   is lost, even on power loss.
 * - `everysec`: records are written at once and fsynced by a timer once a second; a power loss
 *   may lose the last second, a crash of the process loses nothing written.
 * - `no`: records are written at once; the operating system decides when they reach the disk.
 */
export const FSYNC_POLICIES = ["always", "everysec", "no"] as const;

/** One of {@link FSYNC_POLICIES}. */
export type FsyncPolicy = (typeof FSYNC_POLICIES)[number];

/**
 * The log size past which {@link Store.snapshotDue} turns true; Redis's
 * `auto-aof-rewrite-min-size`.
 */
export const DEFAULT_SNAPSHOT_THRESHOLD_BYTES = 64 * 1024 * 1024;

/** How often `everysec` fsyncs. */
const EVERYSEC_INTERVAL_MS = 1000;

/** Options of {@link openStore}. */
export type OpenStoreOptions = {
  /** The directory of this store's files, normally one of `DataDir.areas`; created if missing. */
  readonly dataDir: string;
  /** Prefix of the store's files: letters, digits, `-` and `_`. */
  readonly name: string;
  /** When appended records are fsynced. @default "everysec" */
  readonly fsync?: FsyncPolicy;
  /** Log size at which {@link Store.snapshotDue} turns true. @default 64 MiB */
  readonly snapshotThresholdBytes?: number;
  /**
   * Called with a message when recovery drops a torn tail or old files cannot be deleted.
   * @default `process.emitWarning`
   */
  readonly onWarning?: (message: string) => void;
};

/** The part of a log that recovery cut off: a write a crash interrupted. */
export type DroppedTail = {
  /** How many bytes were truncated. */
  readonly bytes: number;
  /** What was wrong with them and where they started. */
  readonly reason: string;
};

/** What {@link Store.load} returns. */
export type StoreContents = {
  /** The state passed to the latest committed {@link Store.snapshot}, if any. */
  readonly snapshot: Uint8Array | undefined;
  /** Every record appended after that snapshot, in order. */
  readonly records: Uint8Array[];
  /** Set when opening the store truncated a torn or corrupt tail of the log. */
  readonly dropped?: DroppedTail;
};

/** A snapshot plus a log of records; {@link openStore} on disk, `createMemoryStore()` in memory. */
export type Store = {
  /**
   * The latest snapshot, then the records appended after it: what an owner replays at start-up.
   * Records are views into one buffer; decode them, do not keep them.
   */
  load(): Promise<StoreContents>;
  /**
   * Adds a record to the log. The bytes are copied, so the caller may reuse the array. The write
   * happens in the background; await {@link Store.flush} before acknowledging it to a client.
   * @throws {EmulatorError} `ERR_INTERNAL` after `close()`; the I/O error after a failed write.
   */
  append(record: Uint8Array): void;
  /**
   * Resolves once every record appended before the call is written, and under `always` also
   * fsynced. Rejects if a write or fsync failed; the store then refuses further writes.
   */
  flush(): Promise<void>;
  /**
   * True when {@link Store.flush} has nothing to wait for: every record appended is written and,
   * under `always`, fsynced. False while a write or its fsync is in flight, and after a failure.
   */
  readonly isFlushed: boolean;
  /**
   * Replaces the snapshot with `state`, which must reflect every record appended before this call,
   * and starts a new, empty log. Records appended while it runs go to the new log. `state` must not
   * change until the promise settles. On failure the old snapshot and log stay in use.
   */
  snapshot(state: Uint8Array): Promise<void>;
  /** Bytes in the log since the last snapshot: what a restart would replay. */
  readonly logBytes: number;
  /** True once {@link Store.logBytes} reaches `snapshotThresholdBytes`: time to snapshot. */
  readonly snapshotDue: boolean;
  /** Writes and fsyncs what is buffered, whatever the policy, then closes the files. Idempotent. */
  close(): Promise<void>;
  /** {@link Store.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
};

/**
 * Opens (or creates) the store `name` in `dataDir` and recovers it: the latest snapshot is checked
 * whole, a torn log tail is truncated (reported through `onWarning` and `load().dropped`), and
 * files a crash left behind are removed.
 *
 * @throws {EmulatorError} `ERR_DATA_CORRUPT` when the snapshot fails its checks, when a damaged
 *   log record has valid ones after it, or when a log has no snapshot before it.
 * @example
 * await using store = await openStore({ dataDir: dir.areas.kv, name: "kv", fsync: "always" });
 * const { snapshot, records } = await store.load();
 * store.append(encode(effect));
 * await store.flush(); // now acknowledge
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const {
    dataDir,
    name,
    fsync = "everysec",
    snapshotThresholdBytes = DEFAULT_SNAPSHOT_THRESHOLD_BYTES,
    onWarning = warnProcess,
  } = options;
  assertStoreName(name);
  if (!FSYNC_POLICIES.includes(fsync)) {
    throw new EmulatorError("ERR_INTERNAL", `Unknown fsync policy ${JSON.stringify(fsync)}.`);
  }
  await mkdir(dataDir, { recursive: true });
  const recovery = await recover({ directory: dataDir, name, warn: onWarning });
  return new FileStore({
    recovery,
    settings: { directory: dataDir, name, policy: fsync, snapshotThresholdBytes },
    warn: onWarning,
  });
}

function warnProcess(message: string): void {
  process.emitWarning(message, { code: "STRATUS_STORAGE" });
}

/** What recovery found and the log it opened for appending. */
type Recovery = {
  readonly contents: StoreContents;
  readonly handle: FileHandle;
  /** Generation of the open log; the snapshot, if any, is `generation - 1`. */
  readonly generation: number;
  readonly hasSnapshot: boolean;
  readonly logBytes: number;
};

async function recover(input: {
  readonly directory: string;
  readonly name: string;
  readonly warn: (message: string) => void;
}): Promise<Recovery> {
  const { directory, name, warn } = input;
  const files = await listStoreFiles(directory, name);
  let latest: StoreFile | undefined;
  for (const file of files) {
    if (file.kind === "snapshot" && file.generation > (latest?.generation ?? 0)) {
      latest = file;
    }
  }
  const snapshotGeneration = latest?.generation ?? 0;
  // Refused if damaged: a snapshot is loaded whole or not at all, never with a fallback to an
  // older one, whose log was deleted when this snapshot committed.
  const snapshot = latest && (await readSnapshotFile(join(directory, latest.fileName)));
  const generation = snapshotGeneration + 1;
  const orphan = files.find((file) => file.kind === "log" && file.generation > generation);
  if (orphan !== undefined) {
    // A log starts only after the snapshot before it committed, so its snapshot was lost since.
    // Replaying it over older state would skip every record in between.
    throw new EmulatorError(
      "ERR_DATA_CORRUPT",
      `Log ${join(directory, orphan.fileName)} follows snapshot ` +
        `${storeFileName(name, orphan.generation - 1, "snapshot")}, which is missing from ` +
        `${directory}. Refusing to replay it over older state; restore the missing snapshot, or ` +
        "move this store's files aside to start empty.",
    );
  }
  const log = await openLog({
    path: join(directory, storeFileName(name, generation, "log")),
    directory,
    warn,
  });
  // Only now, with everything checked: an uncommitted snapshot, and files a committed snapshot
  // superseded but a crash kept from being deleted. Recovery ignores them either way, so failing
  // to delete them is only worth a warning.
  try {
    await removeFiles(
      directory,
      files.filter((file) => isSuperseded(file, snapshotGeneration)),
    );
  } catch (error: unknown) {
    warn(
      `Could not delete superseded files of store "${name}" in ${directory}: ${messageOf(error)}.`,
    );
  }
  return {
    contents: {
      snapshot,
      records: log.records,
      ...(log.dropped === undefined ? {} : { dropped: log.dropped }),
    },
    handle: log.handle,
    generation,
    hasSnapshot: latest !== undefined,
    logBytes: log.validBytes,
  };
}

/** Whether `file` is no longer needed once snapshot `snapshotGeneration` has committed. */
function isSuperseded(file: StoreFile, snapshotGeneration: number): boolean {
  const kind: StoreFileKind = file.kind;
  switch (kind) {
    case "snapshot":
      return file.generation < snapshotGeneration;
    case "log":
      return file.generation <= snapshotGeneration;
    case "snapshot.tmp":
      // Only ever one snapshot is written at a time, and never while files are being cleaned.
      return true;
    default:
      return assertNever(kind);
  }
}

function assertNever(value: never): never {
  throw new EmulatorError("ERR_INTERNAL", `Unexpected value ${JSON.stringify(value)}.`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function removeFiles(directory: string, files: readonly StoreFile[]): Promise<void> {
  for (const file of files) {
    await rm(join(directory, file.fileName), { force: true });
  }
}

/** Opens the current log for appending, truncating a torn tail, or creates it. */
async function openLog(input: {
  readonly path: string;
  readonly directory: string;
  readonly warn: (message: string) => void;
}): Promise<{
  readonly handle: FileHandle;
  readonly records: Uint8Array[];
  readonly validBytes: number;
  readonly dropped?: DroppedTail;
}> {
  const { path, directory, warn } = input;
  let handle: FileHandle;
  try {
    handle = await open(path, "r+");
  } catch (error: unknown) {
    if (!hasErrorCode(error, "ENOENT")) {
      throw error;
    }
    handle = await open(path, "wx");
    // The new log's directory entry must survive a power loss before anything in it is
    // acknowledged under `always`.
    await syncDirectory(directory);
    return { handle, records: [], validBytes: 0 };
  }
  try {
    const scan = scanLog(await handle.readFile(), path);
    if (scan.tail === undefined) {
      return { handle, records: scan.records, validBytes: scan.validBytes };
    }
    // Cut the tail before anything is appended, or new records would sit behind garbage and
    // turn a harmless torn tail into damage in the middle of the log.
    await handle.truncate(scan.validBytes);
    await handle.datasync();
    const reason = `${scan.tail.reason} at offset ${scan.validBytes}`;
    warn(
      `Truncated log ${path} to ${scan.validBytes} bytes: dropped ${scan.tail.bytes} bytes ` +
        `holding ${reason}, the end of a write that a crash cut short.`,
    );
    return {
      handle,
      records: scan.records,
      validBytes: scan.validBytes,
      dropped: { bytes: scan.tail.bytes, reason },
    };
  } catch (error: unknown) {
    await handle.close();
    throw error;
  }
}

/** A `flush()` waiting for record `seq` to be acknowledged. */
type Waiter = {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
};

/** Where a snapshot cuts the stream of records: every record up to `seq` is in its state. */
type Boundary = { readonly seq: number; readonly bytes: number };

/**
 * The store on disk.
 *
 * Records are numbered (`seq`) in append order. `#pending` holds the encoded records after
 * `#writtenSeq`; `#writtenSeq` and `#syncedSeq` say how far the log has been written and fsynced.
 * Every file operation runs on `#chain`, one at a time, so the writer, the `everysec` fsync,
 * snapshots and close never overlap.
 */
class FileStore implements Store {
  readonly #directory: string;
  readonly #name: string;
  readonly #policy: FsyncPolicy;
  readonly #snapshotThresholdBytes: number;
  readonly #warn: (message: string) => void;
  readonly #timer: NodeJS.Timeout | undefined;

  #handle: FileHandle;
  #generation: number;
  #hasSnapshot: boolean;
  /** Bytes written to the current log file: where the next write goes. */
  #position: number;
  /** What recovery read, until something changes the store; `load()` hands it out once. */
  #contents: StoreContents | undefined;
  readonly #dropped: DroppedTail | undefined;

  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #appendedSeq = 0;
  #writtenSeq = 0;
  #syncedSeq = 0;
  /** Bytes ever appended, counting the log found at open; `logBytes` subtracts what is covered. */
  #appendedBytes: number;
  #coveredBytes = 0;
  /** Snapshots called but not settled. While any is, nothing is written to the log. */
  readonly #inflight: Boundary[] = [];
  #waiters: Waiter[] = [];

  #chain: Promise<void> = Promise.resolve();
  #draining = false;
  #drainScheduled = false;
  #syncing = false;
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;
  #isHandleClosed = false;

  constructor(input: {
    readonly recovery: Recovery;
    readonly settings: {
      readonly directory: string;
      readonly name: string;
      readonly policy: FsyncPolicy;
      readonly snapshotThresholdBytes: number;
    };
    readonly warn: (message: string) => void;
  }) {
    const { recovery, settings, warn } = input;
    this.#directory = settings.directory;
    this.#name = settings.name;
    this.#policy = settings.policy;
    this.#snapshotThresholdBytes = settings.snapshotThresholdBytes;
    this.#warn = warn;
    this.#handle = recovery.handle;
    this.#generation = recovery.generation;
    this.#hasSnapshot = recovery.hasSnapshot;
    this.#position = recovery.logBytes;
    this.#appendedBytes = recovery.logBytes;
    this.#contents = recovery.contents;
    this.#dropped = recovery.contents.dropped;
    if (this.#policy === "everysec") {
      // unref: a pending fsync must not keep the process alive; close() fsyncs anyway.
      this.#timer = setInterval(() => this.#syncInBackground(), EVERYSEC_INTERVAL_MS).unref();
    }
  }

  get logBytes(): number {
    let covered = this.#coveredBytes;
    for (const boundary of this.#inflight) {
      covered = Math.max(covered, boundary.bytes);
    }
    return this.#appendedBytes - covered;
  }

  get snapshotDue(): boolean {
    return this.logBytes >= this.#snapshotThresholdBytes;
  }

  get isFlushed(): boolean {
    return this.#failure === undefined && this.#appendedSeq <= this.#acknowledgedSeq();
  }

  async load(): Promise<StoreContents> {
    this.#assertOpen();
    const contents = this.#contents;
    if (contents !== undefined) {
      // Hand the recovered records out once rather than keep them alive for the store's lifetime.
      this.#contents = undefined;
      return contents;
    }
    await this.flush();
    return this.#enqueue(() => this.#readContents());
  }

  append(record: Uint8Array): void {
    this.#assertOpen();
    const frame = encodeLogRecord(record);
    this.#pending.push(frame);
    this.#pendingBytes += frame.byteLength;
    this.#appendedBytes += frame.byteLength;
    this.#appendedSeq++;
    this.#contents = undefined;
    this.#scheduleDrain();
  }

  flush(): Promise<void> {
    if (this.#failure !== undefined) {
      return Promise.reject(this.#failure);
    }
    const seq = this.#appendedSeq;
    if (seq <= this.#acknowledgedSeq()) {
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.#waiters.push({ seq, resolve, reject });
      // No setImmediate here: a caller waiting should not wait a turn. Writers arriving while
      // this write is in flight form the next batch (group commit).
      this.#kick();
    });
  }

  async snapshot(state: Uint8Array): Promise<void> {
    this.#assertOpen();
    // Taken synchronously: `state` covers exactly the records appended before this call.
    const boundary: Boundary = { seq: this.#appendedSeq, bytes: this.#appendedBytes };
    this.#inflight.push(boundary);
    this.#contents = undefined;
    try {
      await this.#enqueue(() => this.#writeSnapshot(state, boundary));
    } finally {
      this.#inflight.splice(this.#inflight.indexOf(boundary), 1);
      this.#kick();
    }
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #assertOpen(): void {
    if (this.#closing !== undefined) {
      throw new EmulatorError("ERR_INTERNAL", `Store "${this.#name}" is closed.`);
    }
    if (this.#failure !== undefined) {
      throw this.#failure;
    }
  }

  /** Under `always` a record counts once fsynced; otherwise once the OS has it. */
  #acknowledgedSeq(): number {
    return this.#policy === "always" ? this.#syncedSeq : this.#writtenSeq;
  }

  #path(generation: number, kind: StoreFileKind): string {
    return join(this.#directory, storeFileName(this.#name, generation, kind));
  }

  /** Runs `operation` after every operation queued before it. */
  #enqueue<TResult>(operation: () => Promise<TResult>): Promise<TResult> {
    const result = this.#chain.then(operation);
    this.#chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /**
   * Appends without a waiting `flush()` are written on the next turn of the event loop, so all
   * the appends of one turn (a pipeline, a transaction) go out in one write.
   */
  #scheduleDrain(): void {
    if (this.#drainScheduled || this.#draining) {
      return;
    }
    this.#drainScheduled = true;
    setImmediate(() => {
      this.#drainScheduled = false;
      this.#kick();
    });
  }

  #kick(): void {
    if (
      this.#draining ||
      this.#pending.length === 0 ||
      this.#inflight.length > 0 ||
      this.#failure !== undefined ||
      this.#isHandleClosed
    ) {
      return;
    }
    this.#draining = true;
    void this.#enqueue(() => this.#drain());
  }

  /** Writes batches until nothing is pending; never rejects (a failure stops the store). */
  async #drain(): Promise<void> {
    try {
      while (
        this.#pending.length > 0 &&
        this.#inflight.length === 0 &&
        this.#failure === undefined &&
        !this.#isHandleClosed
      ) {
        await this.#writePending();
      }
    } catch (error: unknown) {
      this.#fail(error);
    } finally {
      this.#draining = false;
    }
  }

  /** One group commit: everything pending in one write, plus one fsync under `always`. */
  async #writePending(): Promise<void> {
    const batch = this.#pending;
    const bytes = this.#pendingBytes;
    const seq = this.#appendedSeq;
    this.#pending = [];
    this.#pendingBytes = 0;
    await writeFully(this.#handle, batch, this.#position);
    this.#position += bytes;
    this.#writtenSeq = seq;
    if (this.#policy === "always") {
      // fdatasync: the data and the file size, without the timestamps fsync would also write.
      await this.#handle.datasync();
      this.#syncedSeq = seq;
    }
    this.#settle();
  }

  /** Resolves every waiter whose record is now acknowledged; waiters are in `seq` order. */
  #settle(): void {
    const acknowledged = this.#acknowledgedSeq();
    let count = 0;
    while (count < this.#waiters.length && (this.#waiters[count] as Waiter).seq <= acknowledged) {
      count++;
    }
    for (const waiter of this.#waiters.splice(0, count)) {
      waiter.resolve();
    }
  }

  /** The `everysec` tick: fsync what was written since the last one, off the writers' path. */
  #syncInBackground(): void {
    if (this.#syncing || this.#writtenSeq <= this.#syncedSeq || this.#failure !== undefined) {
      return;
    }
    this.#syncing = true;
    void this.#enqueue(async () => {
      try {
        if (!this.#isHandleClosed && this.#failure === undefined) {
          const seq = this.#writtenSeq;
          await this.#handle.datasync();
          this.#syncedSeq = Math.max(this.#syncedSeq, seq);
        }
      } catch (error: unknown) {
        this.#fail(error);
      } finally {
        this.#syncing = false;
      }
    });
  }

  /**
   * A failed write or fsync leaves the file in an unknown state (and a failed fsync may have
   * dropped dirty pages for good), so the store stops rather than acknowledge anything later.
   */
  #fail(error: unknown): void {
    if (this.#failure !== undefined) {
      return;
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    this.#failure = failure;
    for (const waiter of this.#waiters.splice(0)) {
      waiter.reject(failure);
    }
  }

  async #writeSnapshot(state: Uint8Array, boundary: Boundary): Promise<void> {
    if (this.#failure !== undefined) {
      throw this.#failure;
    }
    const generation = this.#generation;
    // Nothing is written to the log while a snapshot is in flight (see `#kick`), so the old log
    // stays complete should this fail, and the new one gets exactly the records after `boundary`.
    await writeSnapshotFile({
      temporaryPath: this.#path(generation, "snapshot.tmp"),
      path: this.#path(generation, "snapshot"),
      state,
    });
    // Committed: the next open loads this snapshot and only log `generation + 1`. If a step below
    // fails, this object and the files disagree, so the store stops.
    try {
      await syncDirectory(this.#directory);
      this.#coverPending(boundary);
      const previous = this.#handle;
      this.#handle = await open(this.#path(generation + 1, "log"), "wx");
      this.#generation = generation + 1;
      this.#hasSnapshot = true;
      this.#position = 0;
      this.#coveredBytes = Math.max(this.#coveredBytes, boundary.bytes);
      await syncDirectory(this.#directory);
      await previous.close();
    } catch (error: unknown) {
      this.#fail(error);
      throw error;
    }
    await this.#removeSuperseded(generation);
  }

  /** Records up to `boundary` are in the committed snapshot: durable, and not for the new log. */
  #coverPending(boundary: Boundary): void {
    // No write is in flight here, so `#pending` starts right after `#writtenSeq`.
    const covered = boundary.seq - this.#writtenSeq;
    if (covered > 0) {
      for (const frame of this.#pending.splice(0, covered)) {
        this.#pendingBytes -= frame.byteLength;
      }
      this.#writtenSeq = boundary.seq;
    }
    this.#syncedSeq = Math.max(this.#syncedSeq, boundary.seq);
    this.#settle();
  }

  async #removeSuperseded(snapshotGeneration: number): Promise<void> {
    try {
      const files = await listStoreFiles(this.#directory, this.#name);
      await removeFiles(
        this.#directory,
        files.filter((file) => isSuperseded(file, snapshotGeneration)),
      );
    } catch (error: unknown) {
      // Harmless: the next open deletes them.
      this.#warn(
        `Could not delete the files snapshot ${this.#path(snapshotGeneration, "snapshot")} ` +
          `superseded: ${messageOf(error)}.`,
      );
    }
  }

  /** Re-reads the files; on the chain after a flush, so the log is complete to `#position`. */
  async #readContents(): Promise<StoreContents> {
    const snapshot = this.#hasSnapshot
      ? await readSnapshotFile(this.#path(this.#generation - 1, "snapshot"))
      : undefined;
    const path = this.#path(this.#generation, "log");
    const scan = scanLog((await readFile(path)).subarray(0, this.#position), path);
    if (scan.tail !== undefined) {
      throw new EmulatorError(
        "ERR_DATA_CORRUPT",
        `Log ${path} changed under the emulator: ${scan.tail.reason} at offset ${scan.validBytes}.`,
      );
    }
    return {
      snapshot,
      records: scan.records,
      ...(this.#dropped === undefined ? {} : { dropped: this.#dropped }),
    };
  }

  async #close(): Promise<void> {
    clearInterval(this.#timer);
    // Queued behind every write and snapshot already asked for.
    await this.#enqueue(async () => {
      try {
        if (this.#failure === undefined) {
          if (this.#pending.length > 0) {
            await this.#writePending();
          }
          // A clean shutdown is durable under every policy; `no` only leaves fsync to the OS
          // while running.
          await this.#handle.datasync();
          this.#syncedSeq = this.#writtenSeq;
          this.#settle();
        }
      } catch (error: unknown) {
        this.#fail(error);
      } finally {
        this.#isHandleClosed = true;
        await this.#handle.close();
      }
    });
    if (this.#failure !== undefined) {
      throw this.#failure;
    }
  }
}
