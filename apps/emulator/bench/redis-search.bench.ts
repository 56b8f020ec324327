/**
 * Redis Search benchmarks (issue 18), in the embedded engine (no socket): index 100,000 JSON
 * documents (title, ~50-word body, price, tags) and run SEARCH.QUERY for a term query, a two-term
 * boolean query, a fuzzy query and a range filter, each against a naive scan (read every key,
 * evaluate the filter, rank, take ten) measured in the same run. Prints one JSON object;
 * `scripts/bench.mjs` writes BENCHMARKS.md from it. Run with `node --conditions=@stratus/source
 * --import ./test/support/register-ts.mjs bench/redis-search.bench.ts` from apps/emulator.
 */
import { ManualClock } from "../src/engine/clock.ts";
import { Engine } from "../src/engine/engine.ts";
import type { Reply } from "../src/engine/reply.ts";
import { getJsonDocument, type JsonObject } from "../src/engine/values/json/value.ts";
import { mulberry32 } from "./random.ts";

// The size; BENCH_SEARCH_DOCUMENTS sets another (a quick look at 10,000, say).
const DOCUMENTS = Number(process.env["BENCH_SEARCH_DOCUMENTS"] ?? 100_000);
const QUERY_ROUNDS = 101;
const SCAN_ROUNDS = 3;
const VOCABULARY = 5_000;

/** The generated documents (see random.ts). */
const random = mulberry32(12_345);

const LETTERS = "bcdfghjklmnpqrstvwxz";
const VOWELS = "aeiou";
/** Pronounceable pseudo-words, so the stemmer has something to do but leaves them distinct. */
const words = Array.from({ length: VOCABULARY }, (_, i) => {
  let word = "";
  for (let n = i + 1; n > 0; n = Math.floor(n / 20)) {
    word += `${LETTERS[n % 20]}${VOWELS[n % 5]}`;
  }
  return `${word}${LETTERS[i % 7]}`;
});
/** Zipf-like: low ranks are common, as in text. */
const word = (): string => words[Math.floor(VOCABULARY * random() ** 3)] as string;

const engine = new Engine({ clock: new ManualClock() });
const session = engine.createSession({ address: "bench:0" });
const run = (...argv: string[]): Reply => {
  const result = engine.execute(argv, session);
  if (result.kind === "blocked" || result.kind === "error") {
    throw new Error(`${argv[0]} failed: ${JSON.stringify(result)}`);
  }
  return result;
};

run(
  "SEARCH.CREATE",
  "docs",
  "ON",
  "JSON",
  "PREFIX",
  "1",
  "doc:",
  "SCHEMA",
  "title",
  "TEXT",
  "body",
  "TEXT",
  "price",
  "F64",
  "FAST",
  "tags",
  "KEYWORD",
);
/** CPU milliseconds of this process: the machine is shared, so wall time also measures the others. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const writeStart = cpuMs();
for (let i = 0; i < DOCUMENTS; i++) {
  const body = Array.from({ length: 50 }, word).join(" ");
  const document = {
    title: `${word()} ${word()} ${word()}`,
    body,
    price: Math.round(random() * 100_000) / 100,
    tags: [words[i % 20], words[(i * 7) % 20]],
  };
  run("JSON.SET", `doc:${i}`, "$", JSON.stringify(document));
}
const writeMs = cpuMs() - writeStart;
const indexStart = cpuMs();
const indexWallStart = performance.now();
run("SEARCH.WAITINDEXING", "docs");
const indexMs = cpuMs() - indexStart;
const indexWallMs = performance.now() - indexWallStart;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function time(rounds: number, body: () => unknown): number[] {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = cpuMs();
    body();
    samples.push(cpuMs() - start);
  }
  return samples;
}

/** The naive baseline: every key read and tested, the matches ranked by a score, ten taken. */
function scan(test: (document: JsonObject) => number | undefined): string[] {
  const db = engine.databases[0];
  const hits: [string, number][] = [];
  for (const key of db?.keys() ?? []) {
    const document = db === undefined ? undefined : getJsonDocument(db, key);
    const score = document === undefined ? undefined : test(document.root as JsonObject);
    if (score !== undefined) {
      hits.push([key, score]);
    }
  }
  return hits
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([key]) => key);
}

const tokens = (text: unknown): string[] =>
  String(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
const term = words[40] as string;
const second = words[41] as string;
const fuzzyTarget = `${(words[300] as string).slice(0, -1)}q`;
const cases = [
  {
    name: `term query (body: ${term})`,
    filter: { body: { $eq: term } },
    scan: (d: JsonObject) => (tokens(d.get("body")).includes(term) ? 1 : undefined),
  },
  {
    name: "2-term boolean ($must)",
    filter: { $must: [{ body: { $eq: term } }, { body: { $eq: second } }] },
    scan: (d: JsonObject) => {
      const list = tokens(d.get("body"));
      return list.includes(term) && list.includes(second) ? 1 : undefined;
    },
  },
  {
    name: "fuzzy query (distance 1)",
    filter: { body: { $fuzzy: fuzzyTarget } },
    scan: (d: JsonObject) =>
      tokens(d.get("body")).some(
        (t) =>
          t.length === fuzzyTarget.length &&
          [...t].filter((c, i) => c !== fuzzyTarget[i]).length <= 1,
      )
        ? 1
        : undefined,
  },
  {
    name: "range filter (100 ≤ price < 110)",
    filter: { price: { $gte: 100, $lt: 110 } },
    scan: (d: JsonObject) => {
      const price = Number(d.get("price"));
      return price >= 100 && price < 110 ? 1 : undefined;
    },
  },
];

const rows: string[][] = [];
const figures: Record<string, number> = {
  documents: DOCUMENTS,
  writeMs,
  indexMs,
  indexWallMs,
  indexedPerSecond: DOCUMENTS / (indexMs / 1000),
};
for (const entry of cases) {
  const json = JSON.stringify(entry.filter);
  const samples = time(QUERY_ROUNDS, () => run("SEARCH.QUERY", "docs", json));
  const scans = time(SCAN_ROUNDS, () => scan(entry.scan));
  const p50 = percentile(samples, 50);
  const scanP50 = percentile(scans, 50);
  const count = run("SEARCH.COUNT", "docs", json);
  figures[`${entry.name} p50`] = p50;
  rows.push([
    entry.name,
    String(count.kind === "integer" ? count.value : "?"),
    `${p50.toFixed(2)} ms`,
    `${percentile(samples, 99).toFixed(2)} ms`,
    `${scanP50.toFixed(1)} ms`,
    `${Math.round(scanP50 / p50)}×`,
  ]);
}

const markdown = [
  "## Redis Search (SEARCH.*)",
  "",
  `${DOCUMENTS.toLocaleString("en")} JSON documents (title, 50-word body over a ${VOCABULARY.toLocaleString("en")}-word Zipf-like vocabulary, price, two tags), in the embedded engine without a socket. ` +
    "Figures are CPU time of the process (the machine is shared, so wall time would also measure the other load). " +
    `Writing them with JSON.SET took ${(writeMs / 1000).toFixed(1)} s; indexing them (the first search command after the writes) ` +
    `${(indexMs / 1000).toFixed(1)} s (${(indexWallMs / 1000).toFixed(1)} s wall), **${Math.round(DOCUMENTS / (indexMs / 1000)).toLocaleString("en")} documents/s** (target ≥ 20,000). ` +
    `SEARCH.QUERY (default LIMIT 10, content included) over ${QUERY_ROUNDS} rounds, against a naive scan of every key (median of ${SCAN_ROUNDS}).`,
  "",
  "| query | matches | p50 | p99 | naive scan p50 | speed-up |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
  "",
  "Target: term query p50 ≤ 2 ms and ≥ 100× faster than the scan.",
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
