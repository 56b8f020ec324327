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
 * Bodies below this many bytes are read inline: the worker's round trip (copy, two messages,
 * about 0.1 ms) costs more than half of reading them saves (a 384-dimensional vector is
 * about 8 KB of text, read in about 17 µs).
 */
export const DEFAULT_PARALLEL_BODY_BYTES = 256 * 1024;

/**
 * The main thread's share of the body's bytes: it also copies the worker's part and reads the
 * structure of the whole body afterwards, so it reads fewer vectors than the worker.
 */
const MAIN_SHARE = 0.44;

/** A part of a body for the worker: `bytes` are the body's from `base` to its end. */
export interface BodyJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly base: number;
}

export interface BodyJobResult {
  readonly id: number;
  readonly vectors: PrefetchedVectors;
}

export interface VectorBodyReaderOptions {
  /** Bodies of at least this many bytes are read with the worker; `false`: never. */
  readonly parallelBodyBytes?: number | false | undefined;
  /** The worker's Node options (default: the process's). */
  readonly workerExecArgv?: readonly string[] | undefined;
}

type WorkerState = "idle" | "starting" | "ready" | "unavailable";

export class VectorBodyReader {
  readonly #minBytes: number;
  readonly #execArgv: readonly string[] | undefined;
  #worker: Worker | undefined;
  #state: WorkerState = "idle";
  #nextJob = 0;
  readonly #pending = new Map<number, (vectors: PrefetchedVectors | undefined) => void>();
  #started: Promise<boolean> = Promise.resolve(false);
  #resolveStarted: (isReady: boolean) => void = () => undefined;

  constructor(options: VectorBodyReaderOptions = {}) {
    const bytes = options.parallelBodyBytes ?? DEFAULT_PARALLEL_BODY_BYTES;
    this.#minBytes = bytes === false ? Number.POSITIVE_INFINITY : bytes;
    this.#execArgv = options.workerExecArgv;
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
    const split = Math.floor(body.byteLength * MAIN_SHARE);
    const id = this.#nextJob++;
    const theirs = new Promise<PrefetchedVectors | undefined>((resolve) => {
      this.#pending.set(id, resolve);
    });
    // A copy of the worker's part, handed over rather than copied again.
    const bytes = new Uint8Array(body.byteLength - split);
    bytes.set(body.subarray(split));
    const job: BodyJob = { id, bytes, base: split };
    if (this.#pending.size === 1) {
      worker.ref();
    }
    worker.postMessage(job, [bytes.buffer]);
    const mine = prefetchVectors(body, { from: 0, to: split });
    const vectors = await theirs;
    return parseVectorBody(body, vectors === undefined ? [mine] : [mine, vectors]);
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
      this.#settle(message.id, message.vectors);
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

  #settle(id: number, vectors: PrefetchedVectors | undefined): void {
    const resolve = this.#pending.get(id);
    this.#pending.delete(id);
    if (this.#pending.size === 0) {
      this.#worker?.unref();
    }
    resolve?.(vectors);
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
