/**
 * The RESP listener under redis-benchmark's own tests (issue 21, "The engine over RESP"): GET, SET,
 * INCR, LPUSH and HSET from 50 connections, with a pipeline of 16 and without, over RESP2 and
 * RESP3 (`redis-benchmark -3`), the emulator next to redis-server in the same run.
 *
 * Both servers run in their own process and get the same load; the rounds alternate between them
 * so the shared machine's noise falls on both. Each figure is the median of the rounds.
 * `BENCH_RESP_ROUNDS` and `BENCH_RESP_SCALE` (a factor on the request counts) shorten a trial run;
 * the last stdout line is `{ "markdown": … }` for scripts/bench.mjs.
 */
import { execFile, spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { promisify } from "node:util";
import { RedisServer } from "../test/support/redis-server.ts";
import { cpuMicros, median, startEmulatorProcess, stopProcess } from "./resp-support.ts";

const ROUNDS = Number(process.env["BENCH_RESP_ROUNDS"] ?? 3);
const SCALE = Number(process.env["BENCH_RESP_SCALE"] ?? 1);
const CLIENTS = 50;
const TESTS = ["SET", "GET", "INCR", "LPUSH", "HSET"] as const;
/** Random keys over this keyspace (`-r`), so the servers hold many keys, as an application's would. */
const KEYSPACE = 100_000;
/** Requests per test: sized so a round of the five tests takes a few seconds on either server. */
const REQUESTS = { 1: 15_000, 16: 80_000 } as const;
const TARGETS = { 1: 0.8, 16: 0.5 } as const;
const ROUND_TIMEOUT_MS = 60_000;

type Pipeline = keyof typeof REQUESTS;
type Protocol = 2 | 3;
type Test = (typeof TESTS)[number];

const execFileAsync = promisify(execFile);

/** One test's figures on one server: its rate, and the server's CPU time per request. */
interface Measure {
  readonly rate: number;
  /** Microseconds of the server process's CPU time (user + system) per request; NaN without /proc. */
  readonly cpuPerRequest: number;
}

/**
 * One redis-benchmark run per test (so the server's CPU time can be read around each): requests
 * per second and CPU microseconds per request, by test.
 */
async function runTests(
  server: { port: number; pid: number | undefined },
  { pipeline, protocol }: { pipeline: Pipeline; protocol: Protocol },
): Promise<Map<Test, Measure>> {
  const requests = Math.max(CLIENTS * pipeline, Math.round(REQUESTS[pipeline] * SCALE));
  const measures = new Map<Test, Measure>();
  for (const test of TESTS) {
    const cpuBefore = cpuMicros(server.pid);
    const { stdout } = await execFileAsync(
      "redis-benchmark",
      [
        ...["-h", "127.0.0.1", "-p", String(server.port), "-c", String(CLIENTS)],
        ...["-P", String(pipeline), "-n", String(requests), "-r", String(KEYSPACE), "--csv"],
        ...["-t", test.toLowerCase()],
        ...(protocol === 3 ? ["-3"] : []),
      ],
      { timeout: ROUND_TIMEOUT_MS, maxBuffer: 1 << 20 },
    );
    const cpuAfter = cpuMicros(server.pid);
    const line = stdout.trim().split("\n").at(-1) ?? "";
    const [name, rps] = line.split('","').map((field) => field.replaceAll('"', ""));
    if (name !== test) {
      throw new Error(`redis-benchmark printed no rate for ${test}:\n${stdout}`);
    }
    const cpuPerRequest =
      cpuBefore === undefined || cpuAfter === undefined
        ? Number.NaN
        : (cpuAfter - cpuBefore) / requests;
    measures.set(test, { rate: Number(rps), cpuPerRequest });
  }
  return measures;
}

function isInstalled(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

interface Row {
  readonly protocol: Protocol;
  readonly pipeline: Pipeline;
  readonly test: Test;
  readonly emulator: number;
  readonly redis: number;
  readonly emulatorCpu: number;
  readonly redisCpu: number;
}

/** The shared machine's load when the run began: ratios from a busy host are noisy. */
const loadAtStart = loadavg()[0] ?? 0;
const startedAt = performance.now();
const rows: Row[] = [];
const notes: string[] = [];
if (!isInstalled("redis-benchmark") || !isInstalled("redis-server")) {
  notes.push("redis-benchmark or redis-server is not installed: nothing was measured.");
} else {
  const emulator = await startEmulatorProcess();
  const redis = await RedisServer.start();
  try {
    for (const protocol of [2, 3] as const) {
      for (const pipeline of [16, 1] as const) {
        process.stderr.write(`resp bench: RESP${protocol}, -P ${pipeline}…\n`);
        const shape = { pipeline, protocol };
        // A warm-up on each: V8 compiles the emulator's hot paths before the first round counts.
        const servers = {
          emulator: { port: emulator.port, pid: emulator.child.pid },
          redis: { port: redis.port, pid: redis.pid },
        };
        await runTests(servers.emulator, shape);
        await runTests(servers.redis, shape);
        const measures = {
          emulator: new Map<Test, Measure[]>(),
          redis: new Map<Test, Measure[]>(),
        };
        for (let round = 0; round < ROUNDS; round++) {
          for (const name of ["emulator", "redis"] as const) {
            for (const [test, measure] of await runTests(servers[name], shape)) {
              measures[name].set(test, [...(measures[name].get(test) ?? []), measure]);
            }
          }
        }
        const medianOf = (name: "emulator" | "redis", test: Test, key: keyof Measure): number =>
          median((measures[name].get(test) ?? []).map((measure) => measure[key]));
        for (const test of TESTS) {
          rows.push({
            protocol,
            pipeline,
            test,
            emulator: medianOf("emulator", test, "rate"),
            redis: medianOf("redis", test, "rate"),
            emulatorCpu: medianOf("emulator", test, "cpuPerRequest"),
            redisCpu: medianOf("redis", test, "cpuPerRequest"),
          });
        }
      }
    }
  } finally {
    await stopProcess(emulator.child);
    await redis.kill();
  }
}
const elapsedSeconds = (performance.now() - startedAt) / 1000;

const format = (n: number): string =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
const missed = rows.filter((row) => row.emulator / row.redis < TARGETS[row.pipeline]);
const missedByCpu = rows.filter((row) => row.redisCpu / row.emulatorCpu < TARGETS[row.pipeline]);
const micros = (n: number): string => (Number.isNaN(n) ? "n/a" : n.toFixed(2));
const markdown = [
  "## RESP listener: redis-benchmark's GET, SET, INCR, LPUSH, HSET",
  "",
  `Requests per second, median of ${ROUNDS} rounds after a warm-up. The emulator (\`src/main.ts --in-memory\`, RESP listener, open port) and redis-server ${redisVersion()} each run in their own process; redis-benchmark drives ${CLIENTS} connections with random keys over a ${KEYSPACE.toLocaleString("en")}-key space (\`-r\`), with a pipeline of 16 (${REQUESTS[16].toLocaleString("en")} requests per test) and without (${REQUESTS[1].toLocaleString("en")}), over RESP2 and RESP3 (\`-3\`); the two servers' rounds alternate. Where redis-server answers faster than one redis-benchmark thread can ask, its figure is the load generator's ceiling, so a lower bound.`,
  "",
  "The CPU columns are each server's own CPU time (user + system, from `/proc/<pid>/stat`) per request over the same runs: a ratio that barely moves with the host's load, where the throughput ratio swings with whoever else has the cores. The CPU ratio is redis-server's CPU per request ÷ the emulator's, so it reads like the throughput ratio (higher is better).",
  "",
  "| protocol | pipeline | test | emulator | redis-server | throughput ratio | emulator CPU µs/req | redis-server CPU µs/req | CPU ratio | target |",
  "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (row) =>
      `| RESP${row.protocol} | ${row.pipeline} | ${row.test} | ${format(row.emulator)} | ${format(row.redis)} | ${(row.emulator / row.redis).toFixed(2)}× | ${micros(row.emulatorCpu)} | ${micros(row.redisCpu)} | ${(row.redisCpu / row.emulatorCpu).toFixed(2)}× | ≥ ${TARGETS[row.pipeline]}× |`,
  ),
  "",
  rows.length === 0
    ? ""
    : missed.length === 0
      ? "Targets (pipelined ≥ 0.5×, unpipelined ≥ 0.8× redis-server): met on every row."
      : `Targets (pipelined ≥ 0.5×, unpipelined ≥ 0.8× redis-server): missed on ${missed.length} of ${rows.length} rows by throughput, ${missedByCpu.length} by CPU time per request.`,
  "",
  `Whole run: ${elapsedSeconds.toFixed(0)} s; load average at its start ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores.`,
  ...(notes.length === 0 ? [] : ["", ...notes]),
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

function redisVersion(): string {
  const output = spawnSync("redis-server", ["--version"], { encoding: "utf8" }).stdout;
  return /v=(\S+)/.exec(output)?.[1] ?? "";
}
