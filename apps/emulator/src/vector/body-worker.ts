/**
 * The thread that reads the second part of a large vector request body beside the main thread
 * (issue 21; see `body-reader.ts`). It only runs {@link prefetchVectors} on the bytes it is sent
 * and sends the floats back, transferred: it decides nothing about the request, so no error of
 * its own can reach a client (the main thread reads whatever this did not).
 *
 * An entry of the package's build (`scripts/bundle.mjs`, named in the build script) so that the
 * published `dist/vector/body-worker.js` exists beside the bundle.
 */
import { parentPort } from "node:worker_threads";
import type { BodyJob, BodyJobResult } from "./body-reader.ts";
import { prefetchVectors } from "./json-body.ts";

const port = parentPort;
if (port !== null) {
  port.on("message", (job: BodyJob) => {
    const vectors = prefetchVectors(job.bytes, { from: 0, to: job.bytes.length, base: job.base });
    const result: BodyJobResult = { id: job.id, vectors };
    // Made here, so plain (not shared) buffers: handed over, not copied.
    const buffers = [vectors.starts, vectors.ends, vectors.offsets, vectors.floats].map(
      (array) => array.buffer as ArrayBuffer,
    );
    port.postMessage(result, buffers);
  });
  port.postMessage("ready");
}
