/**
 * Vector service benchmarks (issue 6), in process through the vector route (`http/routes/vector.ts`:
 * JSON in and out, no socket): fetch of 1000 ids, prefix fetch of 1000 out of 1M ids, exact query topK 10 over
 * 100k × 384 dense vectors, and upsert throughput. Prints one JSON object; `scripts/bench.mjs`
 * writes BENCHMARKS.md from it. Run with `node --conditions=@stratus/source --import
 * ./test/support/register-ts.mjs bench/vector.bench.ts` from apps/emulator.
 */
import { ManualClock } from "../src/engine/index.ts";
import { createVectorRoute } from "../src/http/routes/vector.ts";
import type { EmulatorResponse } from "../src/http/types.ts";
import { VectorService } from "../src/vector/index.ts";

const QUERY_VECTORS = Number(process.env["BENCH_VECTOR_COUNT"] ?? 100_000);
const PREFIX_IDS = Number(process.env["BENCH_PREFIX_IDS"] ?? 1_000_000);
const DIMENSION = 384;
const ROUNDS = 21;
const encoder = new TextEncoder();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A deterministic pseudo-random number in [-0.5, 0.5). */
let seed = 12_345;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31 - 0.5;
}

function randomVector(): number[] {
  return Array.from({ length: DIMENSION }, random);
}

const service = new VectorService({ clock: new ManualClock() });

const route = createVectorRoute({ service });
const headers = { get: (name: string) => (name === "authorization" ? "Bearer bench" : undefined) };
const signal = new AbortController().signal;

/** `{index}/{command}` through the route's two steps, as the HTTP layer runs them. */
async function send(target: string, body: unknown): Promise<EmulatorResponse> {
  const [index = "", path = ""] = target.split("/");
  const head = {
    method: "POST",
    path: `/vector/${target}`,
    query: new URLSearchParams(),
    rawQuery: "",
    headers,
    signal,
    remoteAddress: "127.0.0.1:0",
  };
  const admission = route(head, { name: index, path: `/${path}` });
  const response =
    "answer" in admission
      ? admission.answer
      : await admission.handle({ ...head, body: encoder.encode(JSON.stringify(body)) });
  if (response.status !== 200) {
    const text = response.body instanceof Uint8Array ? new TextDecoder().decode(response.body) : "";
    throw new Error(`${path} failed with ${response.status}: ${text}`);
  }
  return response;
}

/** Median milliseconds of `run` over ROUNDS. */
async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

await service.createIndex({
  name: "dense",
  type: "DENSE",
  dimension: DIMENSION,
  similarity: "COSINE",
  token: "bench",
  readOnlyToken: "bench-read",
});
await service.createIndex({
  name: "ids",
  type: "DENSE",
  dimension: 2,
  similarity: "COSINE",
  token: "bench",
  readOnlyToken: "bench-read-2",
});

// Upsert throughput: batches of 1000 vectors × 384, JSON parsing included.
const BATCH = 1000;
const upsertStart = performance.now();
for (let offset = 0; offset < QUERY_VECTORS; offset += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, QUERY_VECTORS - offset) }, (_, i) => ({
    id: `v${offset + i}`,
    vector: randomVector(),
  }));
  await send("dense/upsert", batch);
}
const upsertsPerSecond = QUERY_VECTORS / ((performance.now() - upsertStart) / 1000);

const queryVector = randomVector();
const queryMs = await timeMs(() => send("dense/query", { vector: queryVector, topK: 10 }));

const fetchIds = Array.from({ length: 1000 }, (_, i) => `v${(i * 97) % QUERY_VECTORS}`);
const fetchMs = await timeMs(() => send("dense/fetch", { ids: fetchIds }));
const fetchWithVectorsMs = await timeMs(() =>
  send("dense/fetch", { ids: fetchIds, includeVectors: true }),
);

// 1M small records; 1000 of them share the prefix `match-`.
for (let offset = 0; offset < PREFIX_IDS; offset += 10_000) {
  const batch = Array.from({ length: 10_000 }, (_, i) => {
    const n = offset + i;
    return { id: n % 1000 === 0 ? `match-${n}` : `id-${n}`, vector: [1, n] };
  });
  await send("ids/upsert", batch);
}
const prefixMs = await timeMs(() => send("ids/fetch", { prefix: "match-" }));

await service.close();

const figures = {
  fetch1000IdsMs: fetchMs,
  fetch1000IdsWithVectorsMs: fetchWithVectorsMs,
  prefixFetch1000Of1MMs: prefixMs,
  exactQueryTopK10Over100kX384P50Ms: queryMs,
  upsertVectorsPerSecond: Math.round(upsertsPerSecond),
};
const rows = [
  ["fetch 1000 ids", `${fetchMs.toFixed(2)} ms`, "≤ 5 ms"],
  ["fetch 1000 ids with vectors", `${fetchWithVectorsMs.toFixed(2)} ms`, ""],
  [`prefix fetch 1000 of ${PREFIX_IDS.toLocaleString("en")} ids`, `${prefixMs.toFixed(2)} ms`, ""],
  [
    `exact query topK 10 over ${QUERY_VECTORS.toLocaleString("en")} × ${DIMENSION}, p50`,
    `${queryMs.toFixed(2)} ms`,
    "≤ 25 ms",
  ],
  [
    "upsert (batches of 1000 × 384)",
    `${Math.round(upsertsPerSecond).toLocaleString("en")} vectors/s`,
    "",
  ],
];
const markdown = [
  "## Vector service",
  "",
  `In process through the vector route (JSON parsing and encoding included), median of ${ROUNDS} rounds.`,
  "",
  "| operation | figure | target |",
  "| --- | --- | --- |",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
