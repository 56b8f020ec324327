/**
 * The thread that reads record vectors of large vector request bodies beside the main thread
 * (issue 21; see `body-reader.ts`). It only runs {@link prefetchVectors} on the chunks it claims
 * of the bytes it is sent and sends each chunk's floats back as it finishes it, transferred: it
 * decides nothing about the request, so no error of its own can reach a client (the main thread
 * reads whatever this did not).
 *
 * An entry of the package's build (`scripts/bundle.mjs`, named in the build script) so that the
 * published `dist/vector/body-worker.js` exists beside the bundle.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import {
  type BodyChunkResult,
  type BodyJob,
  type BodyJobDone,
  type BodyParts,
  type BodyWorkerData,
  CLAIMED_BY_WORKER,
  JOB_DONE,
} from "./body-reader.ts";
import { prefetchVectors } from "./json-body.ts";

const port = parentPort;
const { results } = workerData as BodyWorkerData;

/**
 * Milliseconds the worker waits at most for a part the main thread has not sent yet: it sends
 * every part before it reads on, so this only bounds a wait that should not happen.
 */
const PART_WAIT_MS = 50;

/** The parts of a job as they come (see `BodyJob`), by chunk. */
class JobParts {
  readonly #job: BodyJob;
  readonly #parts: (ArrayBuffer | undefined)[];
  #expected: number;
  #messages = 0;

  constructor(job: BodyJob) {
    this.#job = job;
    this.#parts = new Array(job.claims.length);
    this.#expected = job.claims.length - job.firstPart;
  }

  /** Chunk `chunk`'s part, once it has come; undefined if it does not come. */
  take(chunk: number): ArrayBuffer | undefined {
    while (this.#parts[chunk] === undefined && this.#expected > 0) {
      if (!this.#receive()) {
        return undefined;
      }
    }
    const part = this.#parts[chunk];
    this.#parts[chunk] = undefined;
    return part;
  }

  /** Every part not taken, once all have come (to hand back). */
  rest(): ArrayBuffer[] {
    while (this.#expected > 0 && this.#receive()) {
      // Taking the parts still on their way.
    }
    return this.#parts.filter((part): part is ArrayBuffer => part !== undefined);
  }

  /** Takes the next parts message, waiting for it if it has not been sent yet. */
  #receive(): boolean {
    if (port === null) {
      return false;
    }
    for (;;) {
      const received = receiveMessageOnPort(port);
      if (received !== undefined) {
        const { chunks, parts } = received.message as BodyParts;
        this.#messages++;
        chunks.forEach((chunk, index) => {
          this.#parts[chunk] = parts[index];
        });
        this.#expected -= chunks.length;
        return true;
      }
      if (
        Atomics.wait(this.#job.posted, 0, this.#messages, PART_WAIT_MS) === "timed-out" &&
        Atomics.load(this.#job.posted, 0) === this.#messages
      ) {
        return false;
      }
    }
  }
}

/** Reads the chunks it claims of `job`, from the last, and hands every part back. */
function readJob(job: BodyJob): void {
  const parts = new JobParts(job);
  for (let chunk = job.claims.length - 1; chunk >= 0; chunk--) {
    if (Atomics.compareExchange(job.claims, chunk, 0, CLAIMED_BY_WORKER) !== 0) {
      break;
    }
    const part = parts.take(chunk);
    if (part === undefined) {
      // Claimed, never read here: the main thread reads it itself when it finds no vectors.
      break;
    }
    const vectors = prefetchVectors(new Uint8Array(part), {
      from: 0,
      to: job.chunkBytes,
      base: job.base + chunk * job.chunkBytes,
    });
    const result: BodyChunkResult = { id: job.id, chunk, vectors, part };
    // Made here, so plain (not shared) buffers: handed over, not copied. Sent before the next
    // claim: the main thread relies on it (see `BodyJob`).
    results.postMessage(result, [
      part,
      ...[vectors.starts, vectors.ends, vectors.offsets, vectors.floats].map(
        (array) => array.buffer as ArrayBuffer,
      ),
    ]);
  }
  // The parts not read go back too, so that this thread keeps nothing of the body until its own
  // garbage collection.
  const rest = parts.rest();
  const done: BodyJobDone = { id: job.id, done: true, parts: rest };
  results.postMessage(done, rest);
  // Wakes a main thread that is past this body's reading, so it takes the parts now.
  port?.postMessage(JOB_DONE);
}

/**
 * A job, or parts that came after their job ended: the job waits {@link PART_WAIT_MS} at most for
 * a part, so a main thread paused longer (a garbage collection) sends some late. They are handed
 * back at once, and the main thread woken to take them, as at the end of a job: else they would
 * stay queued, and held, until the next large body.
 */
function onMessage(message: BodyJob | BodyParts): void {
  if ("claims" in message) {
    readJob(message);
  } else {
    const done: BodyJobDone = { id: message.id, done: true, parts: message.parts };
    results.postMessage(done, [...message.parts]);
    port?.postMessage(JOB_DONE);
  }
}

if (port !== null) {
  port.on("message", onMessage);
  port.postMessage("ready");
}
