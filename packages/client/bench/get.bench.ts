/**
 * GET throughput of `@stratus/client` next to `@upstash/redis` against the same emulator, in one
 * run (issue 8): sequential keep-alive calls, and 50 concurrent callers. Prints one JSON object
 * whose `markdown` is this benchmark's section of BENCHMARKS.md (`scripts/bench.mjs`).
 *
 * The emulator runs in a child process (its `--json` start-up line gives the URL and token), so the
 * server's work does not share this process's event loop with the clients being measured, and the
 * client package reaches no emulator code (STYLE.md §5.1).
 *
 * Both clients run with their defaults (base64 responses; `@upstash/redis` auto-pipelines, as
 * `new Redis()` does) and telemetry off; each round alternates which client goes first.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Redis } from "@upstash/redis";
import { createKv } from "../src/index.ts";

const SEQUENTIAL_OPS = Number(process.env["BENCH_SEQUENTIAL_OPS"] ?? 3000);
const CONCURRENT_OPS = Number(process.env["BENCH_CONCURRENT_OPS"] ?? 5000);
const CONCURRENCY = 50;
const ROUNDS = 5;
const KEYS = 100;

type Get = (key: string) => Promise<unknown>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function sequential(get: Get): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < SEQUENTIAL_OPS; i++) {
    await get(`key:${i % KEYS}`);
  }
  return SEQUENTIAL_OPS / ((performance.now() - start) / 1000);
}

async function concurrent(get: Get): Promise<number> {
  const perWorker = Math.ceil(CONCURRENT_OPS / CONCURRENCY);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; i < perWorker; i++) {
        await get(`key:${(worker * perWorker + i) % KEYS}`);
      }
    }),
  );
  return (perWorker * CONCURRENCY) / ((performance.now() - start) / 1000);
}

/** Starts `stratus-emulator` from source in memory on a random port; resolves with its JSON line. */
async function startEmulatorProcess(): Promise<{ url: string; token: string } & AsyncDisposable> {
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const child = spawn(
    process.execPath,
    [
      "--conditions=@stratus/source",
      "--import",
      `${root}apps/emulator/test/support/register-ts.mjs`,
      `${root}apps/emulator/src/main.ts`,
      ...["--port", "0", "--no-resp", "--in-memory", "--json"],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  return {
    url,
    token,
    [Symbol.asyncDispose]: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

await using emu = await startEmulatorProcess();
await using stratus = createKv({ url: emu.url, token: emu.token });
await using stratusBatched = createKv({ url: emu.url, token: emu.token, autoPipeline: true });
const upstash = new Redis({ url: emu.url, token: emu.token, enableTelemetry: false });
const upstashUnbatched = new Redis({
  url: emu.url,
  token: emu.token,
  enableTelemetry: false,
  enableAutoPipelining: false,
});
const value = "x".repeat(100);
await stratus.mset(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`key:${i}`, value])));

const STRATUS = "@stratus/client";
const STRATUS_BATCHED = "@stratus/client, autoPipeline";
const UPSTASH = "@upstash/redis (default: auto-pipelining)";
const UPSTASH_UNBATCHED = "@upstash/redis, enableAutoPipelining: false";
const clients: Record<string, Get> = {
  [STRATUS]: (key) => stratus.get(key),
  [STRATUS_BATCHED]: (key) => stratusBatched.get(key),
  [UPSTASH]: (key) => upstash.get(key),
  [UPSTASH_UNBATCHED]: (key) => upstashUnbatched.get(key),
};
const names = Object.keys(clients);
const results: Record<string, { sequential: number[]; concurrent: number[] }> = {};
for (const name of names) {
  results[name] = { sequential: [], concurrent: [] };
  // Warm-up: JIT and keep-alive sockets.
  await sequential(clients[name] as Get);
}
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    results[name]?.sequential.push(await sequential(clients[name] as Get));
    results[name]?.concurrent.push(await concurrent(clients[name] as Get));
  }
}

const rate = (name: string, mode: "sequential" | "concurrent"): number =>
  median(results[name]?.[mode] ?? []);
const format = (n: number): string => `${Math.round(n).toLocaleString("en")}`;
const ratio = (name: string, baseline: string, mode: "sequential" | "concurrent"): string =>
  `${(rate(name, mode) / rate(baseline, mode)).toFixed(2)}×`;
const sequentialRatio = rate(STRATUS, "sequential") / rate(UPSTASH, "sequential");
const markdown = [
  "## Key-value client: GET throughput",
  "",
  `\`GET\` of a 100-byte value against one emulator in a child process (\`stratus-emulator --in-memory\`), median of ${ROUNDS} rounds, each round alternating the order; sequential: ${SEQUENTIAL_OPS.toLocaleString("en")} awaited calls; concurrent: ${CONCURRENCY} callers, ${CONCURRENT_OPS.toLocaleString("en")} calls. Baseline: \`@upstash/redis\` 1.39.0 measured in the same run, telemetry off.`,
  "",
  "| client | sequential ops/s | 50-way concurrent ops/s |",
  "| --- | ---: | ---: |",
  ...names.map(
    (name) =>
      `| ${name} | ${format(rate(name, "sequential"))} | ${format(rate(name, "concurrent"))} |`,
  ),
  "",
  "| ratio | sequential | 50-way concurrent |",
  "| --- | ---: | ---: |",
  `| @stratus/client ÷ @upstash/redis, both defaults | ${ratio(STRATUS, UPSTASH, "sequential")} | ${ratio(STRATUS, UPSTASH, "concurrent")} |`,
  `| both without batching | ${ratio(STRATUS, UPSTASH_UNBATCHED, "sequential")} | ${ratio(STRATUS, UPSTASH_UNBATCHED, "concurrent")} |`,
  `| both auto-pipelined | ${ratio(STRATUS_BATCHED, UPSTASH, "sequential")} | ${ratio(STRATUS_BATCHED, UPSTASH, "concurrent")} |`,
  "",
  `Target: ≥ 1.5× on sequential keep-alive calls (defaults) — ${sequentialRatio >= 1.5 ? "met" : "NOT met"}.`,
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
