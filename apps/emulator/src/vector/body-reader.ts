/**
 * Reads vector request bodies with both cores (issue 21: upsert ≥ 50,000 vectors/s in batches of
 * 1,000 over REST). Reading the decimal text of a 1,000 × 384 upsert is about three quarters of
 * its CPU on the main thread, and a client sending batches one after another leaves the second
 * core idle. So for a large body a worker thread reads the record vectors of its second part
 * (a copy, transferred) while the main thread reads those of the first, and then the main thread
 * reads the structure (ids, metadata, every other value) as `parseVectorBody` always did, taking
 * each record vector it reaches from what was read ahead when one was read at that very byte.
 *
 * The result is the inline reader's by construction: what is read ahead is only the float32
 * reading of an array at a given offset (the same function on the same bytes), and the main
 * thread decides everything else, errors included; whatever the worker did not read (it failed,
 * was slow to start, or the array was no record's vector) is read inline.
 *
 * The worker starts on the first large body and is used once it says it is ready (until then,
 * and wherever it cannot start, e.g. from TypeScript sources without a loader, everything is read
 * inline); it does not keep the process alive while idle, and `close` ends it.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type PrefetchedVectors, parseVectorBody, prefetchVectors } from "./json-body.ts";

/**
 * Bodies below this many bytes are read inline: the worker's round trip (a copy, two messages,
 * waking the worker: about 0.1 ms) costs more than sharing the reading saves (a 384-dimensional
 * vector is about 8 KB of text, read in about 17 µs).
 */
export const DEFAULT_PARALLEL_BODY_BYTES = 256 * 1024;

/**
 * The first part of a body, which the main thread reads while the worker wakes up and is never
 * copied for it. The rest is cut into chunks that both threads claim (see {@link BodyJob}).
 */
const MAIN_FIRST = 0.2;

/** Bytes of a chunk: about 16 vectors of 384 float32 texts. */
const CHUNK_BYTES = 128 * 1024;

/** Who claimed a chunk, in {@link BodyJob.claims}. */
const CLAIMED_BY_MAIN = 1;
export const CLAIMED_BY_WORKER = 2;

/**
 * The part of a body after its first part, for the worker: `bytes` are the body's from `base` to
 * its end (a shared copy), cut into chunks of `chunkBytes` (the last one shorter); chunk `i` is
 * the record vectors whose `"vector"` key starts in it. The main thread claims chunks from the
 * first, the worker from the last, each by setting `claims[i]` from 0 (`Atomics`) and stopping at
 * the first the other has: however busy the host keeps the worker, the main thread never waits
 * for more than the chunk the worker is reading.
 */
export interface BodyJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly base: number;
  readonly chunkBytes: number;
  readonly claims: Int32Array;
}

/** The vectors of the chunks the worker claimed, by chunk. */
export interface BodyJobResult {
  readonly id: number;
  readonly chunks: readonly { readonly chunk: number; readonly vectors: PrefetchedVectors }[];
}

export interface VectorBodyReaderOptions {
  /** Bodies of at least this many bytes are read with the worker; `false`: never. */
  readonly parallelBodyBytes?: number | false | undefined;
  /** The worker's Node options (default: the process's). */
  readonly workerExecArgv?: readonly string[] | undefined;
  /** Bytes of a chunk the threads claim (tests cut small bodies into many). */
  readonly chunkBytes?: number | undefined;
}

type WorkerState = "idle" | "starting" | "ready" | "unavailable";

export class VectorBodyReader {
  readonly #minBytes: number;
  readonly #execArgv: readonly string[] | undefined;
  readonly #chunkBytes: number;
  #worker: Worker | undefined;
  #state: WorkerState = "idle";
  #nextJob = 0;
  readonly #pending = new Map<number, (result: BodyJobResult | undefined) => void>();
  /** A shared buffer for the next body's copy, kept between requests. */
  #spare: SharedArrayBuffer | undefined;
  #started: Promise<boolean> = Promise.resolve(false);
  #resolveStarted: (isReady: boolean) => void = () => undefined;

  constructor(options: VectorBodyReaderOptions = {}) {
    const bytes = options.parallelBodyBytes ?? DEFAULT_PARALLEL_BODY_BYTES;
    this.#minBytes = bytes === false ? Number.POSITIVE_INFINITY : bytes;
    this.#execArgv = options.workerExecArgv;
    this.#chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  }

  /** Whether the worker is started and reads its share of large bodies. */
  get isParallel(): boolean {
    return this.#state === "ready";
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
  async read(body: Uint8Array): Promise<unknown> {
    if (body.byteLength < this.#minBytes) {
      return parseVectorBody(body);
    }
    if (this.#state === "idle") {
      this.#start();
    }
    const worker = this.#worker;
    if (this.#state !== "ready" || worker === undefined) {
      return parseVectorBody(body);
    }
    const split = Math.floor(body.byteLength * MAIN_FIRST);
    const chunkBytes = this.#chunkBytes;
    const chunkCount = Math.ceil((body.byteLength - split) / chunkBytes);
    const shared = this.#takeShared(body.byteLength - split);
    const bytes = new Uint8Array(shared, 0, body.byteLength - split);
    bytes.set(body.subarray(split));
    const claims = new Int32Array(new SharedArrayBuffer(chunkCount * 4));
    const id = this.#nextJob++;
    const theirs = new Promise<BodyJobResult | undefined>((resolve) => {
      this.#pending.set(id, resolve);
    });
    if (this.#pending.size === 1) {
      worker.ref();
    }
    const job: BodyJob = { id, bytes, base: split, chunkBytes, claims };
    worker.postMessage(job);
    const read: PrefetchedVectors[] = [prefetchVectors(body, { from: 0, to: split })];
    let chunk = 0;
    for (; chunk < chunkCount; chunk++) {
      if (Atomics.compareExchange(claims, chunk, 0, CLAIMED_BY_MAIN) !== 0) {
        break;
      }
      const from = split + chunk * chunkBytes;
      read.push(prefetchVectors(body, { from, to: from + chunkBytes }));
    }
    if (chunk === chunkCount) {
      // All read here: the worker, when it gets to the job, finds nothing left to claim.
      this.#settle(id, undefined);
    }
    const result = await theirs;
    this.#spare = shared;
    // The worker's chunks come last, from the first it claimed, as the reader takes them.
    const chunks = [...(result?.chunks ?? [])].sort((a, b) => a.chunk - b.chunk);
    return parseVectorBody(body, [...read, ...chunks.map(({ vectors }) => vectors)]);
  }

  /** A shared buffer of at least `byteLength` bytes: the spare one when it is large enough. */
  #takeShared(byteLength: number): SharedArrayBuffer {
    const spare = this.#spare;
    if (spare !== undefined && spare.byteLength >= byteLength) {
      this.#spare = undefined;
      return spare;
    }
    return new SharedArrayBuffer(byteLength + (byteLength >> 3));
  }

  /** Ends the worker; later bodies are read inline. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#stop();
    await worker?.terminate();
  }

  #start(): void {
    const url = workerUrl();
    if (url === undefined) {
      this.#state = "unavailable";
      return;
    }
    this.#state = "starting";
    this.#started = new Promise((resolve) => {
      this.#resolveStarted = resolve;
    });
    let worker: Worker;
    try {
      worker = new Worker(url, {
        ...(this.#execArgv === undefined ? {} : { execArgv: [...this.#execArgv] }),
        // Nothing is logged by the worker; its stdio would only keep handles open.
        stdout: false,
        stderr: false,
      });
    } catch {
      this.#stop();
      return;
    }
    this.#worker = worker;
    worker.unref();
    worker.on("message", (message: BodyJobResult | "ready") => {
      if (message === "ready") {
        if (this.#state === "starting") {
          this.#state = "ready";
          this.#resolveStarted(true);
        }
        return;
      }
      this.#settle(message.id, message);
    });
    // A worker that cannot start or fails: its jobs are read inline, and so is everything after.
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

  #settle(id: number, result: BodyJobResult | undefined): void {
    const resolve = this.#pending.get(id);
    if (resolve === undefined) {
      // A job the main thread read all of.
      return;
    }
    this.#pending.delete(id);
    if (this.#pending.size === 0) {
      this.#worker?.unref();
    }
    resolve(result);
  }

  #stop(): void {
    this.#worker = undefined;
    this.#state = "unavailable";
    this.#resolveStarted(false);
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const resolve of pending) {
      resolve(undefined);
    }
  }
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
