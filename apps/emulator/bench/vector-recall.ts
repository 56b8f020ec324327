/**
 * The graph's recall at one size without the route (issue 21): the vector bench's clustered data
 * (same generator, seed and order: 256 centres, `VECTOR_RECALL_COUNT` vectors, then 50 queries),
 * put into a namespace store, linked, then searched at each `ef` of `VECTOR_RECALL_EF` and
 * compared with the exact top 10 (a float64 scan). Prints one line a setting: recall@10 and the
 * p50 of a query (graph search plus the exact rescoring of its candidates).
 *
 * Not in `pnpm bench`: at 1,000,000 vectors linking alone takes about 20 CPU minutes. Run from
 * apps/emulator:
 * `VECTOR_RECALL_COUNT=1000000 node --conditions=@stratus/source --import ./test/support/register-ts.mjs bench/vector-recall.ts`
 */
import { loadavg } from "node:os";
import { chooseDenseRanking } from "../src/vector/approximate.ts";
import { NamespaceStore } from "../src/vector/namespace-store.ts";
import { createDenseScorer } from "../src/vector/similarity.ts";
import { mulberry32 } from "./random.ts";

const COUNT = Number(process.env["VECTOR_RECALL_COUNT"] ?? 200_000);
const EFS = (process.env["VECTOR_RECALL_EF"] ?? "16,32,64,96,128,192,256,384,512,768,1024")
  .split(",")
  .map(Number);
const DIMENSION = 384;
const CLUSTERS = 256;
const QUERIES = 50;
const TOP = 10;

/** vector.bench.ts's generator and seed, so both measure the same vectors. */
const uniform = mulberry32(12_345);

function gaussian(): number {
  return Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

const centres = Array.from({ length: CLUSTERS }, () => Array.from({ length: DIMENSION }, gaussian));

function clusteredVector(): Float32Array {
  const centre = centres[Math.floor(uniform() * CLUSTERS)] as number[];
  return Float32Array.from(centre, (value) => value + 0.5 * gaussian());
}

const store = new NamespaceStore(DIMENSION, {
  metric: "cosine",
  minVectors: 0,
  linkInBackground: false,
});
const rows = new Float32Array(COUNT * DIMENSION);
for (let row = 0; row < COUNT; row++) {
  const vector = clusteredVector();
  rows.set(vector, row * DIMENSION);
  store.put({ id: `v${row}`, vector }, 0, 0);
}
const queries = Array.from({ length: QUERIES }, clusteredVector);

const cpuSeconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const linkCpu = cpuSeconds();
const linkStart = performance.now();
store.linkPending();
const linkWall = (performance.now() - linkStart) / 1000;
const graphBytes = (store.graph?.byteSize() ?? 0) / COUNT;
process.stdout.write(
  `${COUNT} vectors: linked in ${linkWall.toFixed(0)} s (CPU ${(cpuSeconds() - linkCpu).toFixed(0)} s), graph ${graphBytes.toFixed(0)} B a vector\n`,
);

/** The exact top 10 ids of `query` by cosine, in float64. */
function exactTop(query: Float32Array): Set<string> {
  let queryNorm = 0;
  for (const value of query) {
    queryNorm += value * value;
  }
  const best: { score: number; row: number }[] = [];
  for (let row = 0; row < COUNT; row++) {
    const offset = row * DIMENSION;
    let dot = 0;
    let norm = 0;
    for (let index = 0; index < DIMENSION; index++) {
      const value = rows[offset + index] as number;
      dot += (query[index] as number) * value;
      norm += value * value;
    }
    const score = dot / Math.sqrt(norm * queryNorm);
    if (best.length < TOP || score > (best[TOP - 1] as { score: number }).score) {
      best.push({ score, row });
      best.sort((left, right) => right.score - left.score);
      best.length = Math.min(best.length, TOP);
    }
  }
  return new Set(best.map(({ row }) => `v${row}`));
}

const connectivity = store.graph?.connectivity();
const unreachable = new Set(connectivity?.unreachable.map((record) => record.id));
process.stdout.write(
  `level 0: ${connectivity?.inDegreeZero} nodes without in-links, ${unreachable.size} unreachable from the entry point\n`,
);

const exact = queries.map(exactTop);
for (const ef of EFS) {
  let found = 0;
  let missedUnreachable = 0;
  const latencies: number[] = [];
  queries.forEach((query, index) => {
    const start = performance.now();
    const hits = chooseDenseRanking(
      {
        store,
        scorer: createDenseScorer("COSINE", query),
        query,
        accept: () => true,
        isFiltered: false,
        limit: TOP,
      },
      { minVectors: 0, ef },
    );
    latencies.push(performance.now() - start);
    const expected = exact[index] as Set<string>;
    const returned = new Set(hits.map((hit) => hit.key.id));
    for (const id of expected) {
      if (returned.has(id)) {
        found++;
      } else if (unreachable.has(id)) {
        missedUnreachable++;
      }
    }
  });
  latencies.sort((left, right) => left - right);
  process.stdout.write(
    `ef ${ef}: recall@10 ${(found / (QUERIES * TOP)).toFixed(3)}, p50 ${(latencies[QUERIES >> 1] as number).toFixed(3)} ms, missed ${QUERIES * TOP - found} (${missedUnreachable} unreachable)\n`,
  );
}
process.stdout.write(`1-minute load average: ${loadavg()[0]?.toFixed(1)}\n`);
