/**
 * Vector service benchmarks (issues 6 and 21), in process through the vector route
 * (`http/routes/vector.ts`: JSON in and out, no socket), on seeded clustered 384-dimensional
 * COSINE data: upsert throughput in batches of 1000, the exact query (`?exact=true`), linking the
 * HNSW graph, memory per vector (heap, buffers and the rows' WebAssembly memory, graph included),
 * the approximate query (p50 and recall@10 against the exact answer), fetch of 1000 ids and
 * prefix fetch of 1000 out of 1M ids.
 *
 * The anchor is `hnswlib-node` on the same vectors in the same run, loaded by its resolved path
 * from the `scripts` package (an optional native dependency there, so the emulator does not
 * depend on it); the row says so when it does not load. Both graphs are compared at equal
 * recall: a sweep of `ef` for each, in process without JSON (hnswlib has no HTTP layer), and the
 * cheapest setting of each that reaches recall@10 ≥ 0.95.
 *
 * Wall times on a shared machine measure the other load too, so CPU time of the process is given
 * beside them. Run with `node scripts/bench.mjs vector` (about two minutes).
 *
 * Sizes: `BENCH_VECTOR_COUNT` (default 100,000) vectors, `BENCH_PREFIX_IDS` (default 1,000,000).
 * `BENCH_VECTOR_1M=1` adds the 1,000,000-vector approximate rows (a namespace of its own,
 * upserted over the route and linked: 10 minutes or more), `BENCH_VECTOR_1M_ANCHOR=1`
 * the anchor at that size too. (Not `STRATUS_…`: the emulators other benchmarks of the same
 * `pnpm bench` start refuse variables of that prefix they do not know.)
 */
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ManualClock } from "../src/engine/index.ts";
import { createVectorRoute } from "../src/http/routes/vector.ts";
import type { EmulatorResponse } from "../src/http/types.ts";
import { chooseDenseRanking, efForSize } from "../src/vector/approximate.ts";
import { DEFAULT_APPROXIMATE_MIN_VECTORS, VectorService } from "../src/vector/index.ts";
import type { NamespaceStore } from "../src/vector/namespace-store.ts";
import { createDenseScorer } from "../src/vector/similarity.ts";
import { mulberry32 } from "./random.ts";

const VECTORS = Number(process.env["BENCH_VECTOR_COUNT"] ?? 100_000);
const MILLION = process.env["BENCH_VECTOR_1M"] === "1" ? 1_000_000 : 0;
/** Whether the anchor is built at 1M too (another 5–20 minutes). */
const MILLION_ANCHOR = process.env["BENCH_VECTOR_1M_ANCHOR"] === "1";
const PREFIX_IDS = Number(process.env["BENCH_PREFIX_IDS"] ?? 1_000_000);
const DIMENSION = 384;
const CLUSTERS = 256;
const ROUNDS = 21;
const RECALL_QUERIES = 50;
const RECALL_TARGET = 0.95;
const EF_SWEEP = [10, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The generated data (see random.ts); vector-recall.ts uses the same seed. */
const uniform = mulberry32(12_345);

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
  // V8 frees the memory of dead ArrayBuffers on a background thread after a collection, so a
  // reading straight after one still counts some (the 100,000 row read 1,927 to 2,339 B a vector
  // from run to run); a second collection first waits for the first one's freeing to finish.
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** CPU milliseconds of this process so far (user and system). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const service = new VectorService({
  clock: new ManualClock(),
  // Linked below, timed on its own, rather than in slices between the requests.
  approximateSearch: { linkInBackground: false },
});

// The thread that shares the reading of large bodies starts once per process (on the first large
// body); started here so that the upsert rows time the requests only.
await service.startBodyReader();
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

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Medians of wall and CPU milliseconds of `run` over `rounds`. */
async function time(run: () => Promise<unknown>, rounds = ROUNDS): Promise<Timing> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const cpuStart = cpuMs();
    const start = performance.now();
    await run();
    walls.push(performance.now() - start);
    cpus.push(cpuMs() - cpuStart);
  }
  return { wallMs: median(walls), cpuMs: median(cpus) };
}

const ms = (timing: Timing): string =>
  `${timing.wallMs.toFixed(2)} ms (CPU ${timing.cpuMs.toFixed(2)} ms)`;

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

const BATCH = 1000;
const count = Math.max(VECTORS, MILLION);
/** Every vector, for the anchor and recall (allocated before the memory baseline). */
const vectors = new Float32Array(count * DIMENSION);
for (let row = 0; row < count; row++) {
  vectors.set(clusteredVector(), row * DIMENSION);
}
const queries = Array.from({ length: RECALL_QUERIES }, clusteredVector);

/**
 * Upserts the first `total` vectors into `namespace` in batches of 1000 as JSON text, parsing
 * included; each body is made before its request, and only the requests are timed.
 */
async function upsertAll(namespace: string, total: number): Promise<Timing> {
  let wall = 0;
  let cpu = 0;
  for (let offset = 0; offset < total; offset += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - offset) }, (_, i) => ({
      id: `v${offset + i}`,
      vector: Array.from(vectors.subarray((offset + i) * DIMENSION, (offset + i + 1) * DIMENSION)),
    }));
    const body = encoder.encode(JSON.stringify(batch));
    const cpuStart = cpuMs();
    const start = performance.now();
    await send(`dense/upsert${namespace === "" ? "" : `/${namespace}`}`, body);
    wall += performance.now() - start;
    cpu += cpuMs() - cpuStart;
  }
  return { wallMs: wall, cpuMs: cpu };
}

function queryTarget(namespace: string): string {
  return namespace === "" ? "dense/query" : `dense/query/${namespace}`;
}

/** The exact top-10 ids of every query in `namespace`. */
async function exactAnswers(namespace: string): Promise<Set<string>[]> {
  const answers: Set<string>[] = [];
  for (const query of queries) {
    const hits = (await send(`${queryTarget(namespace)}?exact=true`, {
      vector: query,
      topK: 10,
    })) as { id: string }[];
    answers.push(new Set(hits.map((hit) => hit.id)));
  }
  return answers;
}

/** Timed passes over the queries at each sweep point; the median pass counts. */
const SWEEP_PASSES = 3;

/**
 * recall@10 and mean CPU milliseconds a query of `search` over every query: one untimed pass
 * first, for both graphs alike (the first setting of a sweep otherwise pays for compiling the
 * JavaScript side's search), then the median of {@link SWEEP_PASSES} timed ones.
 */
function sweepPoint(
  exact: readonly Set<string>[],
  search: (query: number[]) => string[],
): { recall: number; cpuMs: number } {
  let found = 0;
  const results = queries.map(search);
  const passes: number[] = [];
  for (let pass = 0; pass < SWEEP_PASSES; pass++) {
    const start = cpuMs();
    for (const query of queries) {
      search(query);
    }
    passes.push((cpuMs() - start) / queries.length);
  }
  const cpu = median(passes);
  results.forEach((ids, index) => {
    const expected = exact[index] as Set<string>;
    found += ids.filter((id) => expected.has(id)).length;
  });
  return { recall: found / (queries.length * 10), cpuMs: cpu };
}

interface Sweep {
  readonly ef: number;
  readonly recall: number;
  readonly cpuMs: number;
}

/** Our graph without the route, at each `ef`: candidates, then the service's exact scores. */
function sweepOurs(store: NamespaceStore, exact: readonly Set<string>[]): Sweep[] {
  const float32Queries = new Map(queries.map((query) => [query, Float32Array.from(query)]));
  return EF_SWEEP.map((ef) => ({
    ef,
    ...sweepPoint(exact, (query) => {
      const vector = float32Queries.get(query) as Float32Array;
      return chooseDenseRanking(
        {
          store,
          scorer: createDenseScorer("COSINE", vector),
          query: vector,
          accept: () => true,
          isFiltered: false,
          limit: 10,
        },
        { minVectors: 0, ef },
      ).map((hit) => hit.key.id);
    }),
  }));
}

/** The cheapest point of a sweep that reaches the recall target, else the best recall. */
function atTargetRecall(sweep: readonly Sweep[]): Sweep | undefined {
  return (
    sweep.find((point) => point.recall >= RECALL_TARGET) ??
    [...sweep].sort((a, b) => b.recall - a.recall)[0]
  );
}

interface AnnFigures {
  readonly vectors: number;
  readonly upsert: Timing;
  readonly linkCpuSeconds: number;
  readonly linkWallSeconds: number;
  readonly bytesPerVector: number;
  readonly graphBytesPerVector: number;
  readonly exact: Timing;
  readonly approximate: Timing;
  readonly recall: number;
  readonly ours: Sweep[];
  readonly anchor: Awaited<ReturnType<typeof measureHnswlib>>;
}

/**
 * The approximate rows over the first `total` vectors in `namespace`: upserted (the default
 * namespace's upserts are the upsert row), linked, measured, then the anchor on the same vectors.
 */
async function measureAnn(namespace: string, total: number): Promise<AnnFigures> {
  const heapBefore = heapBytes();
  const upsert = await upsertAll(namespace, total);
  const store = service.index("dense")?.namespace(namespace) as NamespaceStore;
  const linkCpu = cpuMs();
  const linkStart = performance.now();
  store.linkPending();
  const linkWallSeconds = (performance.now() - linkStart) / 1000;
  const linkCpuSeconds = (cpuMs() - linkCpu) / 1000;
  const rowBytes = store.arena?.byteLength ?? 0;
  const bytesPerVector = (heapBytes() - heapBefore + rowBytes) / total;
  const graphBytesPerVector = (store.graph?.byteSize() ?? 0) / total;
  const target = queryTarget(namespace);
  const exact = await time(() => send(`${target}?exact=true`, { vector: queries[0], topK: 10 }));
  const approximate = await time(() => send(target, { vector: queries[0], topK: 10 }));
  const exactIds = await exactAnswers(namespace);
  const routed = await Promise.all(
    queries.map(async (query) =>
      ((await send(target, { vector: query, topK: 10 })) as { id: string }[]).map((hit) => hit.id),
    ),
  );
  let found = 0;
  routed.forEach((ids, index) => {
    const expected = exactIds[index] as Set<string>;
    found += ids.filter((id) => expected.has(id)).length;
  });
  const recall = found / (queries.length * 10);
  const ours = sweepOurs(store, exactIds);
  const anchor =
    total === MILLION && !MILLION_ANCHOR
      ? { error: "not built at 1,000,000 (`BENCH_VECTOR_1M_ANCHOR=1`)" }
      : measureHnswlib(total, exactIds);
  return {
    vectors: total,
    upsert,
    linkCpuSeconds,
    linkWallSeconds,
    bytesPerVector,
    graphBytesPerVector,
    exact,
    approximate,
    recall,
    ours,
    anchor,
  };
}

/** hnswlib-node on the first `total` vectors (M 16, efConstruction 64, as ours), when it loads. */
function measureHnswlib(
  total: number,
  exact: readonly Set<string>[],
): { buildCpuSeconds: number; buildWallSeconds: number; sweep: Sweep[] } | { error: string } {
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
    // The scripts package holds it (scripts/package.json, optionalDependencies).
    const scripts = join(process.cwd(), "..", "..", "scripts", "package.json");
    hnswlib = createRequire(scripts)("hnswlib-node") as HnswlibModule;
  } catch (error: unknown) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    return { error: `did not load: ${reason}` };
  }
  const index = new hnswlib.HierarchicalNSW("cosine", DIMENSION);
  index.initIndex({ maxElements: total, m: 16, efConstruction: 64 });
  const cpuStart = cpuMs();
  const start = performance.now();
  for (let label = 0; label < total; label++) {
    index.addPoint(Array.from(vectors.subarray(label * DIMENSION, (label + 1) * DIMENSION)), label);
  }
  const buildWallSeconds = (performance.now() - start) / 1000;
  const buildCpuSeconds = (cpuMs() - cpuStart) / 1000;
  const sweep = EF_SWEEP.map((ef) => {
    index.setEf(ef);
    return {
      ef,
      ...sweepPoint(exact, (query) =>
        index.searchKnn(query, 10).neighbors.map((label) => `v${label}`),
      ),
    };
  });
  return { buildCpuSeconds, buildWallSeconds, sweep };
}

const main = await measureAnn("", VECTORS);
const million = MILLION > 0 ? await measureAnn("million", MILLION) : undefined;

const fetchIds = Array.from({ length: 1000 }, (_, i) => `v${(i * 97) % VECTORS}`);
const fetchTiming = await time(() => send("dense/fetch", { ids: fetchIds }));
const fetchWithVectors = await time(() =>
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
const prefixTiming = await time(() => send("ids/fetch", { prefix: "match-" }));

await service.close();

const thousands = (value: number): string => Math.round(value).toLocaleString("en");
const curve = (sweep: readonly Sweep[]): string =>
  sweep
    .map((point) => `${point.ef}: ${point.recall.toFixed(3)} / ${point.cpuMs.toFixed(3)}`)
    .join(", ");

function annRows(figures: AnnFigures): string[][] {
  const n = thousands(figures.vectors);
  const oursAt = atTargetRecall(figures.ours);
  const { anchor } = figures;
  const rows = [
    [
      `exact query topK 10 over ${n} × ${DIMENSION} (\`?exact=true\`), p50`,
      ms(figures.exact),
      figures.vectors === 100_000 ? "≤ 15 ms" : "",
    ],
    [
      `approximate query topK 10 over ${n} (HNSW, default ef ${efForSize(figures.vectors)}), p50`,
      ms(figures.approximate),
      figures.vectors === 1_000_000 ? "≤ 5 ms" : "",
    ],
    [
      `approximate recall@10 against the exact answer (${n}, ${RECALL_QUERIES} queries)`,
      figures.recall.toFixed(3),
      "≥ 0.95",
    ],
    [
      `graph linking after the upserts (background work), ${n}`,
      `${thousands(figures.vectors / figures.linkWallSeconds)} vectors/s (CPU ${thousands(figures.vectors / figures.linkCpuSeconds)})`,
      "",
    ],
    [
      `memory per vector (heap, buffers, rows' wasm memory, graph included), ${n}`,
      `${thousands(figures.bytesPerVector)} B (graph ${thousands(figures.graphBytesPerVector)} B)`,
      "≤ 2,048 B",
    ],
    [`ours without the route, ef: recall@10 / CPU ms a query, ${n}`, curve(figures.ours), ""],
  ];
  if ("error" in anchor) {
    rows.push([`hnswlib-node (anchor), ${n}`, anchor.error, ""]);
    return rows;
  }
  const theirsAt = atTargetRecall(anchor.sweep);
  rows.push(
    [`hnswlib-node, ef: recall@10 / CPU ms a query, ${n} (anchor)`, curve(anchor.sweep), ""],
    [
      `hnswlib-node build (M 16, efConstruction 64), ${n} (anchor)`,
      `${thousands(figures.vectors / anchor.buildWallSeconds)} vectors/s (CPU ${thousands(figures.vectors / anchor.buildCpuSeconds)})`,
      "",
    ],
  );
  if (oursAt !== undefined && theirsAt !== undefined) {
    const theirs =
      theirsAt.recall >= RECALL_TARGET
        ? `hnswlib-node (ef ${theirsAt.ef})`
        : `hnswlib-node at its best recall (ef ${theirsAt.ef}; it does not reach ${RECALL_TARGET})`;
    rows.push([
      `at recall@10 ≥ ${RECALL_TARGET}: ours (ef ${oursAt.ef}) / ${theirs}, ${n}`,
      `${oursAt.cpuMs.toFixed(3)} ms (recall ${oursAt.recall.toFixed(3)}) / ${theirsAt.cpuMs.toFixed(3)} ms (recall ${theirsAt.recall.toFixed(3)}) = ${(oursAt.cpuMs / theirsAt.cpuMs).toFixed(1)}×`,
      "≤ 2×",
    ]);
  }
  return rows;
}

const figures = {
  vectors: VECTORS,
  fetch1000IdsMs: fetchTiming.wallMs,
  fetch1000IdsWithVectorsMs: fetchWithVectors.wallMs,
  prefixFetch1000Of1MMs: prefixTiming.wallMs,
  upsertVectorsPerSecond: Math.round(VECTORS / (main.upsert.wallMs / 1000)),
  upsertVectorsPerCpuSecond: Math.round(VECTORS / (main.upsert.cpuMs / 1000)),
  main,
  million,
};
const rows = [
  [
    `upsert (batches of 1000 × ${DIMENSION}, JSON over the route)`,
    `${thousands(figures.upsertVectorsPerSecond)} vectors/s (CPU ${thousands(figures.upsertVectorsPerCpuSecond)})`,
    "≥ 50,000 vectors/s",
  ],
  ...annRows(main),
  ...(million === undefined
    ? [["1,000,000 vectors", "not run (`BENCH_VECTOR_1M=1`)", ""]]
    : [
        [
          "upsert of the 1,000,000 (batches of 1000)",
          `${thousands(MILLION / (million.upsert.wallMs / 1000))} vectors/s (CPU ${thousands(MILLION / (million.upsert.cpuMs / 1000))})`,
          "",
        ],
        ...annRows(million),
      ]),
  ["fetch 1000 ids", ms(fetchTiming), "≤ 5 ms"],
  ["fetch 1000 ids with vectors", ms(fetchWithVectors), ""],
  [`prefix fetch 1000 of ${thousands(PREFIX_IDS)} ids`, ms(prefixTiming), ""],
];
const markdown = [
  "## Vector service",
  "",
  `In process through the vector route (JSON parsing and encoding included), median of ${ROUNDS} rounds, ${thousands(VECTORS)} clustered ${DIMENSION}-dimensional COSINE vectors (${CLUSTERS} clusters; \`BENCH_VECTOR_COUNT\`). CPU time is the process's, for comparison on a loaded machine (1-minute load average at the end of this run: ${loadavg()[0]?.toFixed(1)}). Queries use the graph from ${thousands(DEFAULT_APPROXIMATE_MIN_VECTORS)} vectors a namespace (the default). The sweeps run each graph in process on the same ${RECALL_QUERIES} queries: our graph search plus the exact rescoring of its candidates, and hnswlib-node's \`searchKnn\`, each setting once untimed and then the median of ${SWEEP_PASSES} timed passes.`,
  "",
  "| operation | figure | target |",
  "| --- | --- | --- |",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
