/**
 * CPU time a vector of an upsert costs (issue 21), through the vector route in process as
 * vector.bench.ts sends it: `VECTOR_UPSERT_COUNT` random 384-dimensional float32 vectors in
 * batches of 1000 as `JSON.stringify` writes them (the bodies made before the clock starts), with
 * a data directory when `VECTOR_UPSERT_DATA_DIR` names one (journal writes included), and then the
 * body reader alone on the same bodies. CPU time (the process's, every thread) and wall time: the
 * host is shared, and large bodies are read by two threads (`VECTOR_UPSERT_PARALLEL=0`: one).
 *
 * Not in `pnpm bench` (vector.bench.ts has the upsert row). Run from apps/emulator:
 * `node --conditions=@stratus/source --import ./test/support/register-ts.mjs bench/vector-upsert-cpu.ts`
 */
import { loadavg } from "node:os";
import { ManualClock } from "../src/engine/index.ts";
import { createVectorRoute } from "../src/http/routes/vector.ts";
import type { EmulatorResponse } from "../src/http/types.ts";
import { parseVectorBody, VectorService } from "../src/vector/index.ts";

const COUNT = Number(process.env["VECTOR_UPSERT_COUNT"] ?? 30_000);
const DATA_DIR = process.env["VECTOR_UPSERT_DATA_DIR"];
/** `VECTOR_UPSERT_PARALLEL=0`: bodies read by the main thread alone, as before the worker. */
const PARALLEL = process.env["VECTOR_UPSERT_PARALLEL"] !== "0";
const DIMENSION = 384;
const BATCH = 1000;

let seed = 1;
function uniform(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}

const service = await VectorService.open({
  clock: new ManualClock(),
  approximateSearch: { linkInBackground: false },
  storeDirectory: DATA_DIR,
  ...(PARALLEL ? {} : { parallelBodyBytes: false }),
});
await service.createIndex({
  name: "dense",
  type: "DENSE",
  dimension: DIMENSION,
  similarity: "COSINE",
  token: "bench",
  readOnlyToken: "bench-read",
});
// The reading thread starts once per process (on the first large body); timed apart.
const workerStart = performance.now();
const isParallel = await service.startBodyReader();
const workerStartMs = performance.now() - workerStart;
const route = createVectorRoute({ service });
const headers = { get: (name: string) => (name === "authorization" ? "Bearer bench" : undefined) };
const signal = new AbortController().signal;
const encoder = new TextEncoder();

const bodies: Uint8Array[] = [];
for (let offset = 0; offset < COUNT; offset += BATCH) {
  const records = Array.from({ length: BATCH }, (_, index) => ({
    id: `v${offset + index}`,
    vector: Array.from({ length: DIMENSION }, () => Math.fround(uniform() - 0.5)),
  }));
  bodies.push(encoder.encode(JSON.stringify(records)));
}

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const routeStart = cpuMs();
const routeWallStart = performance.now();
for (const body of bodies) {
  const head = {
    method: "POST",
    path: "/vector/dense/upsert",
    query: new URLSearchParams(),
    rawQuery: "",
    headers,
    signal,
    remoteAddress: "127.0.0.1:0",
  };
  const admission = route(head, { name: "dense", path: "/upsert" });
  const response: EmulatorResponse =
    "answer" in admission ? admission.answer : await admission.handle({ ...head, body });
  if (response.status !== 200) {
    throw new Error(`upsert failed with ${response.status}`);
  }
}
const routeUs = ((cpuMs() - routeStart) * 1000) / COUNT;
const routeWallUs = ((performance.now() - routeWallStart) * 1000) / COUNT;
await service.close();

const parseStart = cpuMs();
for (const body of bodies) {
  parseVectorBody(body);
}
const parseUs = ((cpuMs() - parseStart) * 1000) / COUNT;

process.stdout.write(
  `${COUNT} vectors, ${((bodies[0]?.byteLength ?? 0) / BATCH).toFixed(0)} bytes of JSON each${
    DATA_DIR === undefined ? "" : ", with a data directory"
  }${PARALLEL ? `, two threads (the worker ${isParallel ? "started" : "did not start"} in ${workerStartMs.toFixed(0)} ms)` : ", one thread"}: upsert ${routeUs.toFixed(1)} µs of CPU a vector (${Math.round(1e6 / routeUs).toLocaleString("en")} a CPU-second), ${routeWallUs.toFixed(1)} µs of wall time (${Math.round(1e6 / routeWallUs).toLocaleString("en")} a second); reading the bodies alone ${parseUs.toFixed(1)} µs a vector; 1-minute load average ${loadavg()[0]?.toFixed(1)}\n`,
);
