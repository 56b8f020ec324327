/**
 * Reset benchmark (issue 23): how long `emulator.state.reset()` takes, so tests can call it in
 * `beforeEach`. Empty reset of everything (every database and vector index) after a small test's
 * worth of writes, and reset to a seed of 100 keys and 10 vectors; in process, in memory, median of
 * many rounds. Prints one JSON object; `scripts/bench.mjs` writes BENCHMARKS.md from it.
 */
import { createEmulator } from "../src/index.ts";

const ROUNDS = 201;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const emulator = await createEmulator({ port: 0, respPort: null });
const database = emulator.databases.get("default");
if (database === undefined) {
  throw new Error("no default database");
}
const caller = { isReadOnly: false, address: "0.0.0.0:0" };
/** What a small test writes between resets: 20 keys. */
async function dirty(): Promise<void> {
  await database?.backend.pipeline(
    Array.from({ length: 20 }, (_, i) => ["SET", `key:${i}`, "value"]),
    caller,
  );
}

async function measure(reset: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await dirty();
    const start = performance.now();
    await reset();
    times.push(performance.now() - start);
  }
  return median(times);
}

const emptyMs = await measure(() => emulator.state.reset({ to: "empty" }));
await emulator.state.loadSeed({
  kv: { default: Array.from({ length: 100 }, (_, i) => ["SET", `seed:${i}`, "v"]) },
  vector: {
    default: Array.from({ length: 10 }, (_, i) => ({
      id: `v${i}`,
      vector: Array.from({ length: 384 }, (_, j) => Math.sin(i + j)),
    })),
  },
});
const seedMs = await measure(() => emulator.state.reset({ to: "seed" }));
await emulator.close();

const figures = { emptyResetMs: emptyMs, seedResetMs: seedMs };
const markdown = [
  "## Reset",
  "",
  `\`emulator.state.reset()\` in process, in memory, after 20 writes; median of ${ROUNDS} rounds.`,
  "",
  "| reset | time | target |",
  "| --- | --- | --- |",
  `| everything to empty (every database and vector index) | ${emptyMs.toFixed(3)} ms | ≤ 5 ms |`,
  `| everything to a seed of 100 keys and 10 vectors × 384 | ${seedMs.toFixed(3)} ms | |`,
].join("\n");
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
