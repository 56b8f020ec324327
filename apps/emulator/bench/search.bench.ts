/**
 * Search service benchmarks (issue 20), in process through the search route
 * (`http/routes/search.ts`: JSON in and out, no socket): upsert throughput of short documents
 * (embedding included) and search latency p50/p99 over them, with and without re-ranking.
 * `BENCH_SEARCH_DOCS` sets the corpus size (default 100,000). Prints one JSON object;
 * `scripts/bench.mjs` writes BENCHMARKS.md from it. Run with `node --conditions=@stratus/source
 * --import ./test/support/register-ts.mjs bench/search.bench.ts` from apps/emulator.
 */
import { loadavg } from "node:os";
import { ManualClock } from "../src/engine/index.ts";
import { createSearchRoute } from "../src/http/routes/search.ts";
import type { EmulatorResponse } from "../src/http/types.ts";
import { SearchService } from "../src/search/index.ts";
import { mulberry32 } from "./random.ts";

const DOCUMENTS = Number(process.env["BENCH_SEARCH_DOCS"] ?? 100_000);
const BATCH = 1000;
const SEARCHES = 101;
const encoder = new TextEncoder();

/**
 * Words of a 5,000-word vocabulary drawn with Zipf's law (s = 1), as in natural text: a few very
 * common words, a long tail of rare ones. (A vocabulary of a few dozen words would make every
 * query term match a fifth of the corpus, which no real text does.)
 */
const VOCABULARY = 5000;
const CUMULATIVE = (() => {
  const weights = Array.from({ length: VOCABULARY }, (_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => {
    running += weight / total;
    return running;
  });
})();
const SYLLABLES = ["ka", "lo", "mi", "ra", "te", "su", "no", "vi", "de", "pa", "zu", "ge"];
/** A pronounceable word for a rank: its digits in base 12, one syllable each. */
function wordOf(rank: number): string {
  let text = "";
  let n = rank + 12;
  while (n > 0) {
    text += SYLLABLES[n % 12];
    n = Math.floor(n / 12);
  }
  return text;
}

/** The generated documents (see random.ts). */
const random = mulberry32(12_345);
function word(): string {
  const draw = random();
  let low = 0;
  let high = VOCABULARY - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((CUMULATIVE[middle] as number) < draw) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return wordOf(low);
}
const words = (count: number): string => Array.from({ length: count }, word).join(" ");

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

const service = new SearchService({ clock: new ManualClock() });
await service.createDatabase({ name: "bench", token: "bench", readOnlyToken: "bench-read" });
const route = createSearchRoute({ service });
const headers = { get: (name: string) => (name === "authorization" ? "Bearer bench" : undefined) };
const signal = new AbortController().signal;

/** `{command}/{index}` through the route's two steps, as the HTTP layer runs them. */
async function send(path: string, body: unknown): Promise<EmulatorResponse> {
  const head = {
    method: "POST",
    path: `/search/bench/${path}`,
    query: new URLSearchParams(),
    rawQuery: "",
    headers,
    signal,
    remoteAddress: "127.0.0.1:0",
  };
  const admission = route(head, { name: "bench", path: `/${path}` });
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

// Upsert: short documents (a 2-word title, an 8-word text, a topic), batches of 1000.
const upsertStart = performance.now();
const upsertCpuStart = process.cpuUsage();
for (let offset = 0; offset < DOCUMENTS; offset += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, DOCUMENTS - offset) }, (_, i) => ({
    id: `doc-${offset + i}`,
    content: { title: words(2), text: words(8), topic: word() },
    metadata: { n: offset + i },
  }));
  await send("upsert-data/docs", batch);
}
const documentsPerSecond = DOCUMENTS / ((performance.now() - upsertStart) / 1000);
const upsertCpu = process.cpuUsage(upsertCpuStart);
const documentsPerCpuSecond = DOCUMENTS / ((upsertCpu.user + upsertCpu.system) / 1e6);

/** Wall-clock milliseconds of each search, and the process's CPU milliseconds (load-independent). */
interface Times {
  readonly wall: number[];
  readonly cpu: number[];
}

async function searchTimes(extra: Record<string, unknown>): Promise<Times> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < SEARCHES; round++) {
    const query = words(3);
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await send("search/docs", {
      query,
      topK: 5,
      includeData: true,
      includeMetadata: true,
      ...extra,
    });
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: times, cpu };
}

const plain = await searchTimes({});
const reranked = await searchTimes({ reranking: true });
const filtered = await searchTimes({ filter: "@metadata.n < 1000" });
await service.close();

const figures = {
  documents: DOCUMENTS,
  upsertDocumentsPerSecond: Math.round(documentsPerSecond),
  upsertDocumentsPerCpuSecond: Math.round(documentsPerCpuSecond),
  searchP50Ms: percentile(plain.wall, 0.5),
  searchP99Ms: percentile(plain.wall, 0.99),
  searchCpuP50Ms: percentile(plain.cpu, 0.5),
  rerankedSearchP50Ms: percentile(reranked.wall, 0.5),
  rerankedSearchP99Ms: percentile(reranked.wall, 0.99),
  rerankedSearchCpuP50Ms: percentile(reranked.cpu, 0.5),
  filteredSearchP50Ms: percentile(filtered.wall, 0.5),
  loadAverage: loadavg()[0] ?? 0,
};
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const count = DOCUMENTS.toLocaleString("en");
const rows = [
  [
    `upsert ${count} short documents (batches of ${BATCH}, embedding included)`,
    `${Math.round(documentsPerSecond).toLocaleString("en")} documents/s (${Math.round(documentsPerCpuSecond).toLocaleString("en")} per CPU second)`,
    "≥ 5,000 documents/s",
  ],
  [
    `search topK 5 over ${count}, p50 / p99 (CPU p50)`,
    `${ms(figures.searchP50Ms)} / ${ms(figures.searchP99Ms)} (${ms(figures.searchCpuP50Ms)})`,
    "p50 ≤ 20 ms",
  ],
  [
    `search with reranking over ${count}, p50 / p99 (CPU p50)`,
    `${ms(figures.rerankedSearchP50Ms)} / ${ms(figures.rerankedSearchP99Ms)} (${ms(figures.rerankedSearchCpuP50Ms)})`,
    "",
  ],
  [`search with a metadata filter (1,000 match), p50`, ms(figures.filteredSearchP50Ms), ""],
];
const markdown = [
  "## Search service",
  "",
  `In process through the search route (JSON parsing and encoding included), ${SEARCHES} searches of 3 words each; documents and queries draw words from a 5,000-word Zipf vocabulary. Both sides of a search are exact: the dense candidates are the exact scan's, its first pass on the SIMD kernel (\`vector/similarity.ts\`), and the BM25 ones come from the namespace's inverted index (\`vector/sparse-postings.ts\`); CPU time is the process's, for comparison on a loaded machine (1-minute load average during this run: ${figures.loadAverage.toFixed(1)}).`,
  "",
  "| operation | figure | target |",
  "| --- | --- | --- |",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
