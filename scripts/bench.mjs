#!/usr/bin/env node
/**
 * `pnpm bench`: runs every benchmark in one process tree, one after another (the machine has two
 * cores: parallel runs would measure each other), and writes BENCHMARKS.md with medians and
 * ratios against baselines measured in the same run.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const emulator = join(root, "apps/emulator");

/** Runs a TypeScript benchmark file of the emulator and parses its JSON line. */
function runBench(file) {
  const result = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      "--conditions=@stratus/source",
      "--import",
      "./test/support/register-ts.mjs",
      file,
    ],
    { cwd: emulator, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: process.env },
  );
  if (result.status !== 0) {
    throw new Error(`${file} failed with exit code ${result.status}`);
  }
  const line = result.stdout.trim().split("\n").at(-1);
  return JSON.parse(line);
}

const format = (n) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

process.stdout.write("engine: in-process throughput and memory…\n");
const engine = runBench("bench/engine.bench.ts");

const lines = [
  "# Benchmarks",
  "",
  "Written by `pnpm bench` (`scripts/bench.mjs`). The machines are shared and noisy: every figure is",
  "a median of several rounds, and each is compared with a baseline measured in the same run.",
  "",
  `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${engine.ops.toLocaleString("en")} ops per round, median of ${engine.rounds} rounds.`,
  "",
  "## Embedded engine, in-process",
  "",
  "`engine.execute(argv)` on one core, no protocol. Baseline: a bare `Map` doing the same get/set work.",
  "",
  "| command | ops/s | ratio to bare Map get/set |",
  "| --- | ---: | ---: |",
  ...Object.entries(engine.throughput).map(
    ([name, rate]) => `| ${name} | ${format(rate)} | ${(rate / engine.mapBaseline).toFixed(3)} |`,
  ),
  `| (bare Map get/set) | ${format(engine.mapBaseline)} | 1.000 |`,
  "",
  `Target: GET+SET ≥ 2M ops/s — ${engine.throughput["GET+SET"] >= 2e6 ? "met" : "NOT met"} (${format(engine.throughput["GET+SET"])}).`,
  "",
  "## Memory of 1M keys with 100-byte values",
  "",
  "| | bytes | per key | ratio to redis-server |",
  "| --- | ---: | ---: | ---: |",
  `| engine (V8 heap growth) | ${mib(engine.memory.engineBytes)} | ${(engine.memory.engineBytes / engine.memory.keys).toFixed(0)} | ${engine.memory.redisBytes ? (engine.memory.engineBytes / engine.memory.redisBytes).toFixed(2) : "n/a"} |`,
  engine.memory.redisBytes
    ? `| redis-server (used_memory growth after DEBUG POPULATE) | ${mib(engine.memory.redisBytes)} | ${(engine.memory.redisBytes / engine.memory.keys).toFixed(0)} | 1.00 |`
    : "| redis-server | not installed | | |",
  "",
  "Target: ≤ 2.5× redis-server.",
  "",
];
writeFileSync(join(root, "BENCHMARKS.md"), `${lines.join("\n")}\n`);
process.stdout.write("wrote BENCHMARKS.md\n");
