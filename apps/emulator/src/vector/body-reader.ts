/**
 * Reads vector request bodies with both cores (issue 21: upsert ≥ 50,000 vectors/s in batches of
 * 1,000 over REST). Reading the decimal text of a 1,000 × 384 upsert is about three quarters of
 * its CPU on the main thread, and a client sending batches one after another leaves the second
 * core idle. So for a large body a worker thread reads the record vectors of the body's end
 * while the main thread reads the body from its start as `parseVectorBody` always did (ids,
 * metadata, every other value, and the vectors of its part), taking each record vector of the
 * worker's part from what the worker read when one was read at that very byte. The structure of
 * the main thread's part is read while the worker reads (an earlier version read it after both
 * threads had read their vectors, with the worker idle).
 *
 * The result is the inline reader's by construction: what is read ahead is only the float32
 * reading of an array at a given offset (the same function on the same bytes), and the main
 * thread decides everything else, errors included; whatever the worker did not read (it has not
 * started, cannot start, failed, or was not scheduled in time) is read on the main thread.
 *
 * The main thread never waits for the worker: after the body's first part, the two threads claim
 * chunks from either end (`Atomics` on a shared array, see {@link BodyJob}), the main thread each
 * as its reading enters it, the worker from the last, sending each chunk's vectors as it finishes
 * them; once the main thread's reading reaches the worker's chunks it takes what has arrived
 * (`receiveMessageOnPort`, synchronously) and reads itself the vectors of the chunk the worker is
 * still on. And it shares only while sharing measures faster than reading alone (see
 * {@link SHARING_GAIN}): on a host whose cores are busy the two threads take turns.
 *
 * The worker starts on the first large body and is used once it says it is ready; it never keeps
 * the process alive, and `close` ends it.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from "node:worker_threads";
import { type PrefetchedVectors, parseVectorBody, type VectorsAhead } from "./json-body.ts";

/**
 * Bodies below this many bytes are read inline: sharing costs a copy, a message each way and
 * waking the worker, and a 384-dimensional vector is about 8 KB of text, read in about 15 µs. On
 * the shared bench host sharing did not pay below 128 vectors (about 1 MB) even when it paid at
 * 1,000; the adaptive choice above this threshold covers the sizes between.
 */
export const DEFAULT_PARALLEL_BODY_BYTES = 256 * 1024;

/**
 * The first part of a body, which the main thread reads while the worker wakes up and which is
 * not copied for it. The rest is cut into chunks that both threads claim.
 */
const MAIN_FIRST = 0.2;

/** Bytes of a chunk: about 16 vectors of 384 float32 texts. */
const CHUNK_BYTES = 128 * 1024;

/**
 * Bytes past its chunk a part holds before the body's first record vector is seen (then: that
 * vector's text and an eighth, at most a chunk): a 384-dimensional vector is about 8 KB.
 */
const DEFAULT_OVERLAP = 16 * 1024;

/**
 * Chunks copied for the worker beyond its recent share of a body (a fraction of the chunks): it
 * reads about half of a body's chunks when both threads run at once, and the copies are a body's
 * largest allocation (6 MB of a 1,000 × 384 upsert), which brings the next garbage collection
 * nearer.
 */
const SHARE_MARGIN = 0.125;

/**
 * Sharing helps when the two threads run at once. On a host whose cores are busy they take turns
 * instead, and sharing costs more than it saves. So the reader keeps the time a byte of a large
 * body took each way (a moving average, weight {@link RATE_WEIGHT} for the newest) and shares
 * only while that is faster by {@link SHARING_GAIN}; one large body in {@link PROBE_EVERY} is
 * read each way whatever the averages say, to keep both current (every shared body updates its
 * average, so a host that gets busy is seen at once; the probes only bring a quiet host back to
 * sharing, and each costs a body read alone: a 17% slower body on an idle host, one in 8 was 2%
 * of the upsert rate). The first {@link WARM_UP_BODIES} shared bodies are not counted: the
 * worker's code is still being compiled, and one slow first sample kept a quiet host reading
 * alone for a whole run.
 */
const RATE_WEIGHT = 0.25;
const SHARING_GAIN = 0.95;
const PROBE_EVERY = 32;
const WARM_UP_BODIES = 2;

/** Who claimed a chunk, in {@link BodyJob.claims}. */
const CLAIMED_BY_MAIN = 1;
export const CLAIMED_BY_WORKER = 2;

/**
 * The part of a body after its first part, for the worker, cut into chunks of `chunkBytes` from
 * `base` (the last one shorter): chunk `i` holds the record vectors whose `"vector"` key starts
 * in it, and those the worker may read (from `firstPart` on) have a copy of their bytes and of the
 * next `overlap` bytes, so that a vector starting near a chunk's end is whole there (one that is
 * not is left to the main thread). The main
 * thread claims chunks from the first, the worker from the last, each by setting `claims[i]` from
 * 0 (`Atomics.compareExchange`) and stopping at the first the other has. The worker sends a
 * chunk's vectors before it claims the next, so when the main thread finds chunk `i` taken, the
 * vectors of every chunk after `i` are already on their way, and only chunk `i` may be unread.
 *
 * The parts follow the job, from the last chunk's down, in {@link BodyParts} messages, so that the
 * worker starts on the last chunk while the main thread still copies the others; `posted[0]`
 * counts the messages sent, for the worker to wait on (`Atomics.wait`) when it claimed a chunk
 * whose part has not come. They are transferred to the worker, which hands each back (with the
 * chunk's vectors, or unread in its last message, {@link BodyJobDone}): the worker keeps none of
 * them between bodies, and the main thread keeps none either, so nothing of a body outlives its
 * reading. (A buffer kept for the next body measured 78 B a vector at 100,000 vectors; a shared
 * buffer per body stayed allocated until the worker's own garbage collection, several hundred
 * MB.)
 */
export interface BodyJob {
  readonly id: number;
  /** The first chunk with a part: the chunks before have none (the main thread's). */
  readonly firstPart: number;
  readonly base: number;
  readonly chunkBytes: number;
  readonly claims: Int32Array;
  /** `posted[0]`: {@link BodyParts} messages of this job sent so far. */
  readonly posted: Int32Array;
}

/** Parts of job `id`: `parts[i]` is chunk `chunks[i]`'s. */
export interface BodyParts {
  readonly id: number;
  readonly chunks: readonly number[];
  readonly parts: readonly ArrayBuffer[];
}

/** Parts a {@link BodyParts} message holds: the first holds one, so the worker starts soonest. */
const PARTS_A_MESSAGE = 4;

/** The vectors of one chunk the worker claimed, and that chunk's part, handed back. */
export interface BodyChunkResult {
  readonly id: number;
  readonly chunk: number;
  readonly vectors: PrefetchedVectors;
  readonly part: ArrayBuffer;
}

/**
 * The worker's last message of a job, on the results port with its chunks (so a main thread that
 * reads body after body without turning the event loop still takes it at the next body): the parts
 * it did not read, handed back. {@link JOB_DONE} on the worker's own channel then wakes the main
 * thread to take it when it comes after the body's reading.
 */
export interface BodyJobDone {
  readonly id: number;
  readonly done: true;
  readonly parts: readonly ArrayBuffer[];
}

/** The worker's note on its own channel that a {@link BodyJobDone} is on the results port. */
export const JOB_DONE = "done";

/** What the worker is given when it starts: the port its chunks' vectors go to. */
export interface BodyWorkerData {
  readonly results: MessagePort;
}

export interface VectorBodyReaderOptions {
  /** Bodies of at least this many bytes are read with the worker; `false`: never. */
  readonly parallelBodyBytes?: number | false | undefined;
  /** The worker's Node options (default: the process's). */
  readonly workerExecArgv?: readonly string[] | undefined;
  /** The worker's module (default: `body-worker` beside this one; tests give one that fails). */
  readonly workerModule?: URL | undefined;
  /** Bytes of a chunk the threads claim (tests cut small bodies into many). */
  readonly chunkBytes?: number | undefined;
  /** Whether every large body is shared, however the times compare (tests). @default false */
  readonly alwaysShare?: boolean | undefined;
}

type WorkerState = "idle" | "starting" | "ready" | "unavailable";

export class VectorBodyReader {
  readonly #minBytes: number;
  readonly #execArgv: readonly string[] | undefined;
  readonly #workerModule: URL | undefined;
  readonly #chunkBytes: number;
  readonly #alwaysShare: boolean;
  #worker: Worker | undefined;
  /** Where the worker's chunks arrive; read synchronously. */
  #results: MessagePort | undefined;
  #state: WorkerState = "idle";
  #nextJob = 0;
  /** The fraction of a shared body's chunks the worker read (a moving average). */
  #workerShare = 1;
  /** Bytes past its chunk a part holds (see {@link DEFAULT_OVERLAP}). */
  #overlap = DEFAULT_OVERLAP;
  /** The job whose parts the worker still holds (it has not said it is done), else -1. */
  #pendingJob = -1;
  #onReleased: (() => void)[] = [];
  #started: Promise<boolean> = Promise.resolve(false);
  #resolveStarted: (isReady: boolean) => void = () => undefined;
  /** Chunks the worker read, of every body read in parallel, for tests and benches. */
  #workerChunks = 0;
  /** Large bodies read while the worker was ready, and milliseconds a byte alone and shared. */
  #largeBodies = 0;
  #sharedBodies = 0;
  #aloneMsPerByte = 0;
  #sharedMsPerByte = 0;

  constructor(options: VectorBodyReaderOptions = {}) {
    const bytes = options.parallelBodyBytes ?? DEFAULT_PARALLEL_BODY_BYTES;
    this.#minBytes = bytes === false ? Number.POSITIVE_INFINITY : bytes;
    this.#execArgv = options.workerExecArgv;
    this.#workerModule = options.workerModule;
    this.#chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.#overlap = Math.min(DEFAULT_OVERLAP, this.#chunkBytes);
    this.#alwaysShare = options.alwaysShare ?? false;
  }

  /** Whether the worker is started and reads its share of large bodies. */
  get isParallel(): boolean {
    return this.#state === "ready";
  }

  /**
   * Whether the worker still holds copies of a body already read (it hands them back as it
   * stops; taken on a later turn of the event loop when they come after the body's reading).
   */
  get isHoldingParts(): boolean {
    return this.#pendingJob >= 0;
  }

  /** Resolves once the worker holds no copy of a body already read (tests). */
  released(): Promise<void> {
    if (this.#pendingJob < 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#onReleased.push(resolve);
    });
  }

  /** Chunks whose vectors the worker read and the main thread took, so far. */
  get workerChunks(): number {
    return this.#workerChunks;
  }

  /**
   * Starts the worker if it is not (it otherwise starts on the first large body); resolves true
   * once it reads its share of large bodies, false when there is none (none could start, it
   * failed, it is closed, or bodies are never read in parallel).
   */
  start(): Promise<boolean> {
    if (this.#state === "idle" && Number.isFinite(this.#minBytes)) {
      this.#start();
    }
    return this.#started;
  }

  /**
   * `parseVectorBody(body)`: the same value, or the same throw (the caller then runs
   * `JSON.parse`).
   */
  read(body: Uint8Array): unknown {
    if (body.byteLength < this.#minBytes) {
      return parseVectorBody(body);
    }
    if (this.#state === "idle") {
      this.#start();
    }
    const worker = this.#worker;
    const results = this.#results;
    if (this.#state !== "ready" || worker === undefined || results === undefined) {
      return parseVectorBody(body);
    }
    const startedAt = performance.now();
    if (!this.#shouldShare()) {
      const value = parseVectorBody(body);
      this.#aloneMsPerByte = average(
        this.#aloneMsPerByte,
        (performance.now() - startedAt) / body.byteLength,
      );
      return value;
    }
    // What the worker sent for an earlier body after that body was read without it.
    this.#receive({ id: -1, read: [] });
    const split = Math.floor(body.byteLength * MAIN_FIRST);
    const chunkBytes = this.#chunkBytes;
    const chunkCount = Math.ceil((body.byteLength - split) / chunkBytes);
    const firstPart = this.#firstPartFor(chunkCount);
    const claims = new Int32Array(new SharedArrayBuffer(chunkCount * 4));
    // Chunks without a part are the main thread's: the worker stops at the first it meets.
    claims.fill(CLAIMED_BY_MAIN, 0, firstPart);
    const id = this.#nextJob++;
    const posted = new Int32Array(new SharedArrayBuffer(4));
    const job: BodyJob = { id, firstPart, base: split, chunkBytes, claims, posted };
    const chunksBefore = this.#workerChunks;
    worker.postMessage(job);
    this.#pendingJob = id;
    this.#postParts({ worker, body, job, chunkCount });
    const read: (PrefetchedVectors | undefined)[] = new Array(chunkCount);
    const value = parseVectorBody(body, this.#sharing({ id, read, split, claims }));
    this.#fitOverlap(read);
    const msPerByte = (performance.now() - startedAt) / body.byteLength;
    if (++this.#sharedBodies > WARM_UP_BODIES) {
      this.#sharedMsPerByte = average(this.#sharedMsPerByte, msPerByte);
    }
    this.#workerShare = average(
      this.#workerShare,
      (this.#workerChunks - chunksBefore) / chunkCount,
    );
    // The worker's last message hands back the parts it did not read; nearly always here by now,
    // else taken when its JOB_DONE arrives.
    this.#receive({ id, read: [] });
    return value;
  }

  /**
   * Where the main thread, reading the whole body's structure from its start, finds each record
   * vector: its own chunks (those before the worker's, each claimed as the reading enters it) it
   * reads itself, as it goes; in the worker's, it takes what the worker sent, and reads a vector
   * itself while the worker's chunk has not come (the chunk the worker is still on). So the main
   * thread reads the structure of its part while the worker reads the vectors of the rest, and
   * the worker keeps claiming chunks until the main thread's reading reaches them.
   */
  #sharing({
    id,
    read,
    split,
    claims,
  }: {
    id: number;
    read: (PrefetchedVectors | undefined)[];
    split: number;
    claims: Int32Array;
  }): VectorsAhead {
    const chunkBytes = this.#chunkBytes;
    /** Chunks before this are the main thread's; from `workerFrom` on, the worker's. */
    let mainTo = 0;
    let workerFrom = read.length;
    return {
      vectorsFor: (key) => {
        if (key < split) {
          return undefined;
        }
        const chunk = Math.floor((key - split) / chunkBytes);
        while (mainTo <= chunk && mainTo < workerFrom) {
          if (Atomics.compareExchange(claims, mainTo, 0, CLAIMED_BY_MAIN) === CLAIMED_BY_WORKER) {
            // The worker claims from the last chunk down: every chunk from here on is its.
            workerFrom = mainTo;
          } else {
            mainTo++;
          }
        }
        if (chunk < mainTo) {
          return undefined;
        }
        if (read[chunk] === undefined) {
          this.#receive({ id, read });
        }
        return read[chunk];
      },
    };
  }

  /** Ends the worker; later bodies are read inline. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#stop();
    await worker?.terminate();
  }

  /**
   * Takes what the worker sent: job `id`'s chunks into `read` (by chunk)
   * while it has no entry there; anything else is dropped, parts handed back included.
   */
  #receive({ id, read }: { id: number; read: (PrefetchedVectors | undefined)[] }): void {
    const results = this.#results;
    if (results === undefined) {
      return;
    }
    for (;;) {
      const received = receiveMessageOnPort(results);
      if (received === undefined) {
        return;
      }
      const message = received.message as BodyChunkResult | BodyJobDone;
      if ("done" in message) {
        if (message.id === this.#pendingJob) {
          this.#release();
        }
      } else if (
        message.id === id &&
        message.chunk < read.length &&
        read[message.chunk] === undefined
      ) {
        read[message.chunk] = message.vectors;
        this.#workerChunks++;
      }
    }
  }

  /** Whether this large body is shared: see {@link SHARING_GAIN}. */
  #shouldShare(): boolean {
    if (this.#alwaysShare) {
      return true;
    }
    const body = this.#largeBodies++;
    if (this.#aloneMsPerByte === 0 || body % PROBE_EVERY === 0) {
      return false;
    }
    if (this.#sharedMsPerByte === 0 || body % PROBE_EVERY === PROBE_EVERY / 2) {
      return true;
    }
    return this.#sharedMsPerByte < this.#aloneMsPerByte * SHARING_GAIN;
  }

  /**
   * Sends the worker copies of the chunks of `body` it may read, from the last down to
   * `job.firstPart`, each with the {@link #overlap} bytes that follow it: fresh buffers of a
   * chunk's size, which the allocator serves from memory it has (a buffer of the whole part
   * measured about 5 ms a body in page faults; these, 0.3 ms more than a copy into a kept
   * buffer), not zeroed first (every byte is copied over: 1.6 against 3.8 ms for 4 MB), and not
   * from Node's pool (a buffer of its own, which the worker is handed).
   */
  #postParts({
    worker,
    body,
    job,
    chunkCount,
  }: {
    worker: Worker;
    body: Uint8Array;
    job: BodyJob;
    chunkCount: number;
  }): void {
    const { chunkBytes, base } = job;
    let chunks: number[] = [];
    let parts: ArrayBuffer[] = [];
    let limit = 1;
    for (let chunk = chunkCount - 1; chunk >= job.firstPart; chunk--) {
      const from = base + chunk * chunkBytes;
      const to = Math.min(body.byteLength, from + chunkBytes + this.#overlap);
      const part = Buffer.allocUnsafeSlow(to - from);
      part.set(body.subarray(from, to));
      chunks.push(chunk);
      parts.push(part.buffer);
      if (parts.length === limit || chunk === job.firstPart) {
        const message: BodyParts = { id: job.id, chunks, parts };
        worker.postMessage(message, parts);
        Atomics.add(job.posted, 0, 1);
        Atomics.notify(job.posted, 0);
        chunks = [];
        parts = [];
        limit = PARTS_A_MESSAGE;
      }
    }
  }

  /**
   * The first chunk copied for the worker: it reads from the last chunk down to where it meets
   * the main thread, so the chunks before its recent share (and a margin) are the main thread's
   * without a copy. A worker that reaches the first copied chunk raises its share for the next.
   */
  #firstPartFor(chunkCount: number): number {
    const copied = Math.ceil(chunkCount * Math.min(1, this.#workerShare + SHARE_MARGIN)) + 1;
    return Math.max(0, chunkCount - copied);
  }

  /**
   * The overlap for the next bodies: the longest vector text the worker read and an eighth (a
   * vector whose text runs past its chunk's copy is left to the main thread, so a body of longer
   * vectors than the overlap allows still shows the worker vectors as long as a chunk).
   */
  #fitOverlap(read: readonly (PrefetchedVectors | undefined)[]): void {
    let longest = 0;
    for (const vectors of read) {
      if (vectors === undefined) {
        continue;
      }
      for (let index = 0; index < vectors.starts.length; index++) {
        longest = Math.max(longest, (vectors.ends[index] ?? 0) - (vectors.starts[index] ?? 0));
      }
    }
    if (longest > 0) {
      // The key and the whitespace before its `[` are in the chunk too: 64 bytes cover them.
      this.#overlap = Math.min(this.#chunkBytes, longest + (longest >> 3) + 64);
    }
  }

  #start(): void {
    const url = this.#workerModule ?? workerUrl();
    if (url === undefined) {
      this.#state = "unavailable";
      return;
    }
    this.#state = "starting";
    this.#started = new Promise((resolve) => {
      this.#resolveStarted = resolve;
    });
    const channel = new MessageChannel();
    const workerData: BodyWorkerData = { results: channel.port2 };
    let worker: Worker;
    try {
      worker = new Worker(url, {
        ...(this.#execArgv === undefined ? {} : { execArgv: [...this.#execArgv] }),
        workerData,
        transferList: [channel.port2],
        // Nothing is logged by the worker; its stdio would only keep handles open.
        stdout: false,
        stderr: false,
      });
    } catch {
      channel.port1.close();
      this.#stop();
      return;
    }
    this.#worker = worker;
    this.#results = channel.port1;
    // Neither keeps the process alive: the main thread never waits for the worker.
    channel.port1.unref();
    worker.unref();
    worker.on("message", (message: unknown) => {
      if (message === "ready" && this.#state === "starting") {
        this.#state = "ready";
        this.#resolveStarted(true);
      } else if (message === JOB_DONE) {
        this.#receive({ id: -1, read: [] });
      }
    });
    // A worker that cannot start or fails: everything is read inline from then on.
    const fail = (): void => {
      if (this.#worker === worker) {
        this.#stop();
        void worker.terminate();
      }
    };
    worker.on("error", fail);
    worker.on("messageerror", fail);
    worker.on("exit", fail);
  }

  /** The worker holds nothing of a body: it handed the last one's parts back, or it is gone. */
  #release(): void {
    this.#pendingJob = -1;
    const waiting = this.#onReleased;
    this.#onReleased = [];
    for (const resolve of waiting) {
      resolve();
    }
  }

  #stop(): void {
    this.#release();
    this.#worker = undefined;
    this.#results?.close();
    this.#results = undefined;
    this.#state = "unavailable";
    this.#resolveStarted(false);
  }
}

/** The moving average of {@link RATE_WEIGHT}: `sample` itself when there is none yet. */
function average(current: number, sample: number): number {
  return current === 0 ? sample : current + (sample - current) * RATE_WEIGHT;
}

/**
 * The worker's module: beside this one in the sources (`body-worker.ts`, which needs a loader
 * for TypeScript), or `dist/vector/body-worker.js` of the package when this runs from the bundle
 * (as `dist/index.js`, `dist/main.js` or a chunk in `dist/chunks/`).
 */
function workerUrl(): URL | undefined {
  const here = import.meta.url;
  let url: URL;
  if (here.endsWith(".ts")) {
    url = new URL("./body-worker.ts", here);
  } else {
    const dist = here.lastIndexOf("/dist/");
    if (dist < 0) {
      return undefined;
    }
    url = new URL(`${here.slice(0, dist)}/dist/vector/body-worker.js`);
  }
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : undefined;
}
