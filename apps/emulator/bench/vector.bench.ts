/**
 * Vector service benchmarks (issues 6 and 21), in process through the vector route
 * (`http/routes/vector.ts`: JSON in and out, no socket), on seeded clustered 384-dimensional
 * COSINE data: upsert throughput in batches of 1000, linking the HNSW graph, memory per vector,
 * the exact query (`?exact=true`) and the approximate one (p50 and recall@10 against the exact
 * answer), fetch of 1000 ids and prefix fetch of 1000 out of 1M ids. With `hnswlib-node`
 * resolvable (a native addon that needs a compiler, so not a dependency: install it anywhere and
 * point `BENCH_HNSWLIB_DIR` at the folder holding its node_modules), it is measured on the same
 * vectors as the anchor. Prints one JSON object; `scripts/bench.mjs` writes BENCHMARKS.md from it.
 * Run with `node --expose-gc --conditions=@stratus/source --import ./test/support/register-ts.mjs
 * bench/vector.bench.ts` from apps/emulator.
 *
 * Sizes: `BENCH_VECTOR_COUNT` (default 100,000) vectors for upserts and the exact query,
 * `BENCH_VECTOR_ANN_COUNT` (default 30,000) of them for the approximate rows (set both to 1000000
 * for the 1M row: linking takes minutes), `BENCH_PREFIX_IDS` (default 1,000,000).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { ManualClock } from "../src/engine/index.ts";
import { createVectorRoute } from "../src/http/routes/vector.ts";
import type { EmulatorResponse } from "../src/http/types.ts";
import { DEFAULT_APPROXIMATE_MIN_VECTORS, VectorService } from "../src/vector/index.ts";

const VECTORS = Number(process.env["BENCH_VECTOR_COUNT"] ?? 100_000);
/** Vectors of the approximate rows: the first ones, in namespace `ann` (linking is the slow part). */
const ANN_VECTORS = Math.min(VECTORS, Number(process.env["BENCH_VECTOR_ANN_COUNT"] ?? 30_000));
const PREFIX_IDS = Number(process.env["BENCH_PREFIX_IDS"] ?? 1_000_000);
const DIMENSION = 384;
const CLUSTERS = 256;
const ROUNDS = 21;
const RECALL_QUERIES = 50;
const EF = 128;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A deterministic pseudo-random number in (0, 1). */
let seed = 12_345;
function uniform(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return (seed + 1) / (2 ** 31 + 1);
}

function gaussian(): number {
  return Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

const centres = Array.from({ length: CLUSTERS }, () => Array.from({ length: DIMENSION }, gaussian));

/** A vector near a random cluster centre: generated clustered data. */
function clusteredVector(): number[] {
  const centre = centres[Math.floor(uniform() * CLUSTERS)] as number[];
  return centre.map((value) => Math.fround(value + 0.5 * gaussian()));
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function heapBytes(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const service = new VectorService({
  clock: new ManualClock(),
  // Linked below, timed on its own, rather than in slices between the requests.
  approximateSearch: {
    linkInBackground: false,
    // Below the default only when the approximate rows are asked for at a smaller size.
    minVectors: Math.min(ANN_VECTORS, DEFAULT_APPROXIMATE_MIN_VECTORS),
  },
});

const route = createVectorRoute({ service });
const headers = { get: (name: string) => (name === "authorization" ? "Bearer bench" : undefined) };
const signal = new AbortController().signal;

/**
 * `{index}/{command}[?query]` through the route's two steps, as the HTTP layer runs them; `body`
 * is JSON-encoded unless it is bytes already.
 */
async function send(target: string, body: unknown): Promise<unknown> {
  const [path = "", rawQuery = ""] = target.split("?");
  const [index = "", ...rest] = path.split("/");
  const command = rest.join("/");
  const head = {
    method: "POST",
    path: `/vector/${path}`,
    query: new URLSearchParams(rawQuery),
    rawQuery,
    headers,
    signal,
    remoteAddress: "127.0.0.1:0",
  };
  const admission = route(head, { name: index, path: `/${command}` });
  const response: EmulatorResponse =
    "answer" in admission
      ? admission.answer
      : await admission.handle({
          ...head,
          body: body instanceof Uint8Array ? body : encoder.encode(JSON.stringify(body)),
        });
  const text = response.body instanceof Uint8Array ? decoder.decode(response.body) : "";
  if (response.status !== 200) {
    throw new Error(`${command} failed with ${response.status}: ${text}`);
  }
  return (JSON.parse(text) as { result: unknown }).result;
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

// Upsert throughput: batches of 1000 vectors × 384 as JSON text, parsing included; each body is
// generated before its request, and only the requests are timed.
const BATCH = 1000;
/** Every vector, for the anchor and recall (allocated before the memory baseline). */
const vectors = new Float32Array(VECTORS * DIMENSION);
let upsertMs = 0;
for (let offset = 0; offset < VECTORS; offset += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, VECTORS - offset) }, (_, i) => {
    const vector = clusteredVector();
    vectors.set(vector, (offset + i) * DIMENSION);
    return { id: `v${offset + i}`, vector };
  });
  const body = encoder.encode(JSON.stringify(batch));
  const start = performance.now();
  await send("dense/upsert", body);
  upsertMs += performance.now() - start;
}
const upsertsPerSecond = VECTORS / (upsertMs / 1000);
const queries = Array.from({ length: RECALL_QUERIES }, clusteredVector);
const exactMs = await timeMs(() =>
  send("dense/query?exact=true", { vector: queries[0], topK: 10 }),
);

// The approximate rows: the first ANN_VECTORS vectors again, in namespace `ann`, then linked
// (what the background slices do after upserts), timed on its own.
const heapBefore = heapBytes();
for (let offset = 0; offset < ANN_VECTORS; offset += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, ANN_VECTORS - offset) }, (_, i) => ({
    id: `v${offset + i}`,
    vector: Array.from(vectors.subarray((offset + i) * DIMENSION, (offset + i + 1) * DIMENSION)),
  }));
  await send("dense/upsert/ann", batch);
}
const store = service.index("dense")?.namespace("ann");
const linkStart = performance.now();
store?.linkPending();
const linkSeconds = (performance.now() - linkStart) / 1000;
const linkedPerSecond = ANN_VECTORS / linkSeconds;
const bytesPerVector = (heapBytes() - heapBefore) / ANN_VECTORS;
const graphBytesPerVector = (store?.graph?.byteSize() ?? 0) / ANN_VECTORS;
const approximateMs = await timeMs(() => send("dense/query/ann", { vector: queries[0], topK: 10 }));

/** The share of the exact top-10 ids found by `ids` for each query. */
async function recallOf(search: (query: number[]) => Promise<string[]>): Promise<number> {
  let found = 0;
  for (const query of queries) {
    const exact = (await send("dense/query/ann?exact=true", { vector: query, topK: 10 })) as {
      id: string;
    }[];
    const expected = new Set(exact.map((hit) => hit.id));
    found += (await search(query)).filter((id) => expected.has(id)).length;
  }
  return found / (queries.length * 10);
}

const recall = await recallOf(async (query) =>
  ((await send("dense/query/ann", { vector: query, topK: 10 })) as { id: string }[]).map(
    (hit) => hit.id,
  ),
);

const anchor = await measureHnswlib();

const fetchIds = Array.from({ length: 1000 }, (_, i) => `v${(i * 97) % VECTORS}`);
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

/** hnswlib-node on the same vectors (M 16, efConstruction 64, ef 128), when it resolves. */
async function measureHnswlib(): Promise<
  { buildPerSecond: number; queryMs: number; recall: number } | undefined
> {
  interface HnswlibIndex {
    initIndex(options: { maxElements: number; m: number; efConstruction: number }): void;
    addPoint(point: number[], label: number): void;
    setEf(ef: number): void;
    searchKnn(query: number[], k: number): { neighbors: number[] };
  }
  type HnswlibModule = {
    HierarchicalNSW: new (space: string, dimension: number) => HnswlibIndex;
  };
  let hnswlib: HnswlibModule;
  try {
    const from = process.env["BENCH_HNSWLIB_DIR"] ?? process.cwd();
    hnswlib = createRequire(join(from, "noop.js"))("hnswlib-node") as HnswlibModule;
  } catch {
    return undefined;
  }
  const index = new hnswlib.HierarchicalNSW("cosine", DIMENSION);
  index.initIndex({ maxElements: ANN_VECTORS, m: 16, efConstruction: 64 });
  const start = performance.now();
  for (let label = 0; label < ANN_VECTORS; label++) {
    index.addPoint(Array.from(vectors.subarray(label * DIMENSION, (label + 1) * DIMENSION)), label);
  }
  const buildPerSecond = ANN_VECTORS / ((performance.now() - start) / 1000);
  index.setEf(EF);
  const queryMs = await timeMs(async () => index.searchKnn(queries[0] as number[], 10));
  const hnswRecall = await recallOf(async (query) =>
    index.searchKnn(query, 10).neighbors.map((label) => `v${label}`),
  );
  return { buildPerSecond, queryMs, recall: hnswRecall };
}

const count = VECTORS.toLocaleString("en");
const annCount = ANN_VECTORS.toLocaleString("en");
const figures = {
  vectors: VECTORS,
  approximateVectors: ANN_VECTORS,
  fetch1000IdsMs: fetchMs,
  fetch1000IdsWithVectorsMs: fetchWithVectorsMs,
  prefixFetch1000Of1MMs: prefixMs,
  exactQueryTopK10P50Ms: exactMs,
  approximateQueryTopK10P50Ms: approximateMs,
  approximateRecallAt10: recall,
  upsertVectorsPerSecond: Math.round(upsertsPerSecond),
  graphLinkedVectorsPerSecond: Math.round(linkedPerSecond),
  bytesPerVector: Math.round(bytesPerVector),
  graphBytesPerVector: Math.round(graphBytesPerVector),
  hnswlib: anchor,
};
const rows = [
  ["fetch 1000 ids", `${fetchMs.toFixed(2)} ms`, "≤ 5 ms"],
  ["fetch 1000 ids with vectors", `${fetchWithVectorsMs.toFixed(2)} ms`, ""],
  [`prefix fetch 1000 of ${PREFIX_IDS.toLocaleString("en")} ids`, `${prefixMs.toFixed(2)} ms`, ""],
  [
    `exact query topK 10 over ${count} × ${DIMENSION} (\`?exact=true\`), p50`,
    `${exactMs.toFixed(2)} ms`,
    "≤ 15 ms at 100,000",
  ],
  [
    `approximate query topK 10 over ${annCount} × ${DIMENSION} (HNSW, ef ${EF}), p50`,
    `${approximateMs.toFixed(2)} ms`,
    "≤ 5 ms at 1,000,000",
  ],
  [
    `approximate recall@10 against the exact answer (${annCount}, ${RECALL_QUERIES} queries)`,
    recall.toFixed(3),
    "≥ 0.95",
  ],
  [
    "upsert (batches of 1000 × 384)",
    `${Math.round(upsertsPerSecond).toLocaleString("en")} vectors/s`,
    "≥ 50,000 vectors/s",
  ],
  [
    `graph linking after the upserts (background), ${annCount}`,
    `${Math.round(linkedPerSecond).toLocaleString("en")} vectors/s`,
    "",
  ],
  [
    `memory per vector (heap and buffers, graph included), ${annCount}`,
    `${Math.round(bytesPerVector).toLocaleString("en")} B (graph ${Math.round(graphBytesPerVector)} B)`,
    "≤ 2 KB",
  ],
  ...(anchor === undefined
    ? [["hnswlib-node (anchor)", "not installed (BENCH_HNSWLIB_DIR)", ""]]
    : [
        [
          "hnswlib-node query, same vectors, p50 (anchor)",
          `${anchor.queryMs.toFixed(2)} ms, recall@10 ${anchor.recall.toFixed(3)}`,
          `ours ≤ 2× (${(approximateMs / anchor.queryMs).toFixed(1)}×)`,
        ],
        [
          "hnswlib-node build (anchor)",
          `${Math.round(anchor.buildPerSecond).toLocaleString("en")} vectors/s`,
          "",
        ],
      ]),
];
const markdown = [
  "## Vector service",
  "",
  `In process through the vector route (JSON parsing and encoding included), median of ${ROUNDS} rounds, ${count} clustered ${DIMENSION}-dimensional COSINE vectors (\`BENCH_VECTOR_COUNT\`), the first ${annCount} of them for the approximate rows (\`BENCH_VECTOR_ANN_COUNT\`).`,
  "",
  "| operation | figure | target |",
  "| --- | --- | --- |",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
