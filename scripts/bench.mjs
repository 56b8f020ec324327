#!/usr/bin/env node
/**
 * `pnpm bench`: runs every benchmark in `BENCHES`, one after another (the machine has two cores:
 * parallel runs would measure each other), and writes BENCHMARKS.md.
 *
 * A benchmark is a TypeScript file run with the workspace's source loader. Its last stdout line is
 * JSON `{ "markdown": "…" }`: its own section of BENCHMARKS.md, with medians and ratios against a
 * baseline it measured in the same run. Add a benchmark by adding its path here.
 * `pnpm bench <filter…>` runs only the matching files and prints their sections instead.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sourceLoader = join(root, "apps/emulator/test/support/register-ts.mjs");

/** Paths from the repository root; each runs with its package directory as working directory. */
const BENCHES = [
  "apps/emulator/bench/engine.bench.ts",
  "apps/emulator/bench/groups.bench.ts",
  "apps/emulator/bench/resp.bench.ts",
  "apps/emulator/bench/bullmq.bench.ts",
  "apps/emulator/bench/rest.bench.ts",
  "apps/emulator/bench/durable.bench.ts",
  "apps/emulator/bench/vector.bench.ts",
  "apps/emulator/bench/search.bench.ts",
  "apps/emulator/bench/queues.bench.ts",
  "apps/emulator/bench/redis-search.bench.ts",
  "apps/emulator/bench/reset.bench.ts",
  "apps/emulator/bench/memory-usage.bench.ts",
  "packages/testing/bench/start-up.bench.ts",
  "packages/client/bench/get.bench.ts",
];

/** Runs one benchmark file and returns its Markdown section. */
function runBench(path) {
  const packageDir = join(root, path.split("/").slice(0, 2).join("/"));
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", "--conditions=@stratus/source", "--import", sourceLoader, join(root, path)],
    { cwd: packageDir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: process.env },
  );
  if (result.status !== 0) {
    throw new Error(`${path} failed with exit code ${result.status}`);
  }
  const line = result.stdout.trim().split("\n").at(-1);
  return JSON.parse(line).markdown.trimEnd();
}

const only = process.argv.slice(2);
const sections = [];
for (const path of BENCHES) {
  if (only.length > 0 && !only.some((filter) => path.includes(filter))) {
    continue;
  }
  process.stdout.write(`${path}…\n`);
  sections.push(runBench(path));
}

const header = [
  "# Benchmarks",
  "",
  "Written by `pnpm bench` (`scripts/bench.mjs`). The machines are shared and noisy: every figure is",
  "a median of several rounds, and each is compared with a baseline measured in the same run.",
  "",
  `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}/${process.arch}.`,
];
if (only.length > 0) {
  // A partial run would drop the other sections: show it instead of writing the file.
  process.stdout.write(`${sections.join("\n\n")}\n`);
} else {
  writeFileSync(join(root, "BENCHMARKS.md"), `${[header.join("\n"), ...sections].join("\n\n")}\n`);
  process.stdout.write("wrote BENCHMARKS.md\n");
}
