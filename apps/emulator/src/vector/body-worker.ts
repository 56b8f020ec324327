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
import { parentPort, workerData } from "node:worker_threads";
import {
  type BodyChunkResult,
  type BodyJob,
  type BodyJobDone,
  type BodyWorkerData,
  CLAIMED_BY_WORKER,
  JOB_DONE,
} from "./body-reader.ts";
import { prefetchVectors } from "./json-body.ts";

const port = parentPort;
const { results } = workerData as BodyWorkerData;

/** Reads the chunks it claims of `job`, from the last, and hands every part back. */
function readJob(job: BodyJob): void {
  for (let chunk = job.claims.length - 1; chunk >= 0; chunk--) {
    if (Atomics.compareExchange(job.claims, chunk, 0, CLAIMED_BY_WORKER) !== 0) {
      break;
    }
    const part = job.parts[chunk - job.firstPart] as ArrayBuffer;
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
  // The parts not read (a handed-back buffer is detached: no bytes) go back too, so that this
  // thread keeps nothing of the body until its own garbage collection.
  const parts = job.parts.filter((part) => part.byteLength > 0);
  const done: BodyJobDone = { id: job.id, done: true, parts };
  results.postMessage(done, parts);
  // Wakes a main thread that is past this body's reading, so it takes the parts now.
  port?.postMessage(JOB_DONE);
}

if (port !== null) {
  port.on("message", readJob);
  port.postMessage("ready");
}
