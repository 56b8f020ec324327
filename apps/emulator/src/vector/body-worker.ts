/**
 * The thread that reads the second part of a large vector request body beside the main thread
 * (issue 21; see `body-reader.ts`). It only runs {@link prefetchVectors} on the chunks it claims
 * of the bytes it is sent and sends the floats back, transferred: it decides nothing about the
 * request, so no error of its own can reach a client (the main thread reads whatever this did
 * not).
 *
 * An entry of the package's build (`scripts/bundle.mjs`, named in the build script) so that the
 * published `dist/vector/body-worker.js` exists beside the bundle.
 */
import { parentPort } from "node:worker_threads";
import { type BodyJob, type BodyJobResult, CLAIMED_BY_WORKER } from "./body-reader.ts";
import { prefetchVectors } from "./json-body.ts";

const port = parentPort;
if (port !== null) {
  port.on("message", (job: BodyJob) => {
    const chunks: BodyJobResult["chunks"][number][] = [];
    const buffers: ArrayBuffer[] = [];
    for (let chunk = job.claims.length - 1; chunk >= 0; chunk--) {
      if (Atomics.compareExchange(job.claims, chunk, 0, CLAIMED_BY_WORKER) !== 0) {
        break;
      }
      const from = chunk * job.chunkBytes;
      const vectors = prefetchVectors(job.bytes, {
        from,
        to: from + job.chunkBytes,
        base: job.base,
      });
      chunks.push({ chunk, vectors });
      // Made here, so plain (not shared) buffers: handed over, not copied.
      for (const array of [vectors.starts, vectors.ends, vectors.offsets, vectors.floats]) {
        buffers.push(array.buffer as ArrayBuffer);
      }
    }
    const result: BodyJobResult = { id: job.id, chunks };
    port.postMessage(result, buffers);
  });
  port.postMessage("ready");
}
