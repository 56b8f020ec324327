/**
 * Engine benchmarks (issue: embedded engine): in-process throughput of GET/SET/INCR/HSET/ZADD/LPUSH
 * over 1M-op runs, and the memory of 1M keys with 100-byte values next to redis-server's for the
 * same data, measured in the same run. Prints one JSON object; `scripts/bench.mjs` writes
 * BENCHMARKS.md from it. Run with `pnpm bench`.
 */
import { spawnSync } from "node:child_process";
import { Engine } from "../src/engine/index.ts";
import { RedisServer } from "../test/support/redis-server.ts";
import { RespClient } from "../test/support/resp-client.ts";

const OPS = Number(process.env["BENCH_OPS"] ?? 1_000_000);
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Ops per second of `run(i)` over OPS iterations, median of ROUNDS. */
function measure(run: (i: number) => void): number {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < OPS; i++) {
      run(i);
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(OPS / seconds);
  }
  return median(rates);
}

function engineThroughput(): Record<string, number> {
  const engine = new Engine();
  const session = engine.createSession({ address: "bench:0" });
  const keys = Array.from({ length: 1000 }, (_, i) => `key:${i}`);
  const value = "x".repeat(100);
  const exec = (argv: string[]): void => {
    engine.execute(argv, session);
  };
  const results: Record<string, number> = {};
  results["SET"] = measure((i) => exec(["SET", keys[i % 1000] as string, value]));
  results["GET"] = measure((i) => exec(["GET", keys[i % 1000] as string]));
  results["GET+SET"] = measure((i) =>
    exec(
      i % 2 === 0 ? ["SET", keys[i % 1000] as string, value] : ["GET", keys[i % 1000] as string],
    ),
  );
  results["INCR"] = measure((i) => exec(["INCR", `counter:${i % 1000}`]));
  results["HSET"] = measure((i) => exec(["HSET", `hash:${i % 100}`, `field:${i % 1000}`, value]));
  results["ZADD"] = measure((i) =>
    exec(["ZADD", `zset:${i % 100}`, String(i % 10_000), `member:${i % 10_000}`]),
  );
  results["LPUSH"] = measure((i) => exec(["LPUSH", `list:${i % 100}`, value]));
  engine.close();
  return results;
}

/** The ceiling: a bare Map doing the same get/set work with no protocol or dispatch. */
function mapBaseline(): number {
  const map = new Map<string, string>();
  const keys = Array.from({ length: 1000 }, (_, i) => `key:${i}`);
  const value = "x".repeat(100);
  let sink = 0;
  const rate = measure((i) => {
    if (i % 2 === 0) {
      map.set(keys[i % 1000] as string, value);
    } else {
      sink += map.get(keys[i % 1000] as string)?.length ?? 0;
    }
  });
  return sink >= 0 ? rate : 0;
}

function heapUsed(): number {
  // biome-ignore lint/suspicious/noExplicitAny: gc is only present with --expose-gc
  (globalThis as any).gc?.();
  return process.memoryUsage().heapUsed;
}

function engineMemory(keyCount: number): number {
  const before = heapUsed();
  const engine = new Engine();
  const session = engine.createSession({ address: "bench:0" });
  for (let i = 0; i < keyCount; i++) {
    // Distinct 100-byte values, as DEBUG POPULATE makes them ("value:<n>" padded).
    engine.execute(["SET", `key:${i}`, `value:${i}`.padEnd(100, "\0")], session);
  }
  const used = heapUsed() - before;
  engine.close();
  return used;
}

async function redisMemory(keyCount: number): Promise<number | undefined> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    return undefined;
  }
  // DEBUG POPULATE builds the keys inside redis-server; Redis 7 disables DEBUG unless asked.
  const server = await RedisServer.start({ args: ["--enable-debug-command", "yes"] });
  const client = await RespClient.connect(server.port);
  try {
    const baseline = await usedMemory(client);
    await client.call("DEBUG", "POPULATE", String(keyCount), "key", "100");
    return (await usedMemory(client)) - baseline;
  } finally {
    await client.close();
    await server.kill();
  }
}

async function usedMemory(client: RespClient): Promise<number> {
  const info = await client.call("INFO", "memory");
  const text = info.kind === "bulk" ? Buffer.from(info.value).toString() : "";
  return Number(/used_memory:(\d+)/.exec(text)?.[1] ?? 0);
}

const throughput = engineThroughput();
const baseline = mapBaseline();
const memoryKeys = Number(process.env["BENCH_MEMORY_KEYS"] ?? 1_000_000);
const engineBytes = engineMemory(memoryKeys);
const redisBytes = await redisMemory(memoryKeys);
const format = (n: number): string =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const getSet = throughput["GET+SET"] ?? 0;
const markdown = [
  "## Embedded engine, in-process",
  "",
  `\`engine.execute(argv)\` on one core, no protocol; ${OPS.toLocaleString("en")} ops per round, median of ${ROUNDS} rounds. Baseline: a bare \`Map\` doing the same get/set work.`,
  "",
  "| command | ops/s | ratio to bare Map get/set |",
  "| --- | ---: | ---: |",
  ...Object.entries(throughput).map(
    ([name, rate]) => `| ${name} | ${format(rate)} | ${(rate / baseline).toFixed(3)} |`,
  ),
  `| (bare Map get/set) | ${format(baseline)} | 1.000 |`,
  "",
  `Target: GET+SET ≥ 2M ops/s — ${getSet >= 2e6 ? "met" : "NOT met"} (${format(getSet)}).`,
  "",
  `## Memory of ${memoryKeys.toLocaleString("en")} keys with 100-byte values`,
  "",
  "| | bytes | per key | ratio to redis-server |",
  "| --- | ---: | ---: | ---: |",
  `| engine (V8 heap growth) | ${mib(engineBytes)} | ${(engineBytes / memoryKeys).toFixed(0)} | ${redisBytes ? (engineBytes / redisBytes).toFixed(2) : "n/a"} |`,
  redisBytes
    ? `| redis-server (used_memory growth after DEBUG POPULATE) | ${mib(redisBytes)} | ${(redisBytes / memoryKeys).toFixed(0)} | 1.00 |`
    : "| redis-server | not installed | | |",
  "",
  "Target: ≤ 2.5× redis-server.",
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
