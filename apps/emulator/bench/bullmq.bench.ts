/**
 * BullMQ through the RESP listener, next to redis-server in the same run: a Lua-heavy real
 * workload (every job is an add, a move to active, a progress update and a move to finished, each
 * an EVALSHA of a script with many keys, plus the events stream and the BZPOPMIN markers).
 *
 * Both servers run in their own process; the load (a queue, workers, ioredis) runs here, the same
 * for both, and the rounds alternate so the shared machine's noise falls on both. Each figure is
 * the median of the rounds. `BENCH_BULLMQ_ROUNDS` and `BENCH_BULLMQ_JOBS` shorten a trial run; the
 * last stdout line is `{ "markdown": … }` for scripts/bench.mjs.
 */
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { type Job, Queue, Worker } from "bullmq";
import { RedisServer } from "../test/support/redis-server.ts";
import { median, startEmulatorProcess, stopProcess } from "./resp-support.ts";

const ROUNDS = Number(process.env["BENCH_BULLMQ_ROUNDS"] ?? 3);
const JOBS = Number(process.env["BENCH_BULLMQ_JOBS"] ?? 2_000);
const WORKERS = 2;
const CONCURRENCY = 10;
/** Jobs added per addBulk call, as an application feeding a queue in batches would. */
const BATCH = 100;
/** A round that has not finished by then is a hang, not a slow run. */
const ROUND_TIMEOUT_MS = 120_000;

let rounds = 0;

/** Jobs per second: `JOBS` jobs added in batches while the workers take them, until all are done. */
async function runRound(port: number): Promise<number> {
  rounds += 1;
  const name = `bench${rounds}`;
  const connection = { host: "127.0.0.1", port, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection });
  const workers: Worker[] = [];
  try {
    let completed = 0;
    const allDone = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${name} timed out`)),
        ROUND_TIMEOUT_MS,
      );
      for (let i = 0; i < WORKERS; i++) {
        const worker = new Worker(
          name,
          async (job: Job<{ i: number }>) => {
            await job.updateProgress(50);
            return job.data.i * 2;
          },
          { connection, concurrency: CONCURRENCY },
        );
        worker.on("completed", () => {
          completed += 1;
          if (completed === JOBS) {
            clearTimeout(timer);
            resolve();
          }
        });
        workers.push(worker);
      }
    });
    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    const startedAt = performance.now();
    for (let added = 0; added < JOBS; added += BATCH) {
      await queue.addBulk(
        Array.from({ length: Math.min(BATCH, JOBS - added) }, (_, i) => ({
          name: "job",
          data: { i: added + i },
          opts: { removeOnComplete: 1_000 },
        })),
      );
    }
    await allDone;
    return JOBS / ((performance.now() - startedAt) / 1000);
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

const loadAtStart = loadavg()[0] ?? 0;
const startedAt = performance.now();
const rates = { emulator: [] as number[], redis: [] as number[] };
const notes: string[] = [];
if (spawnSync("sh", ["-c", "command -v redis-server"], { stdio: "ignore" }).status !== 0) {
  notes.push("redis-server is not installed: nothing was measured.");
} else {
  const emulator = await startEmulatorProcess();
  const redis = await RedisServer.start();
  try {
    // A warm-up on each: V8 compiles the emulator's hot paths, both load the scripts.
    await runRound(emulator.port);
    await runRound(redis.port);
    for (let round = 0; round < ROUNDS; round++) {
      process.stderr.write(`bullmq bench: round ${round + 1} of ${ROUNDS}…\n`);
      rates.emulator.push(await runRound(emulator.port));
      rates.redis.push(await runRound(redis.port));
    }
  } finally {
    await stopProcess(emulator.child);
    await redis.kill();
  }
}
const elapsedSeconds = (performance.now() - startedAt) / 1000;

const emulatorRate = median(rates.emulator);
const redisRate = median(rates.redis);
const redisVersion = /v=(\S+)/.exec(
  spawnSync("redis-server", ["--version"], { encoding: "utf8" }).stdout ?? "",
)?.[1];
const markdown = [
  "## BullMQ through the RESP listener",
  "",
  `Jobs per second, median of ${ROUNDS} rounds after a warm-up: ${JOBS.toLocaleString("en")} jobs added in batches of ${BATCH} (\`addBulk\`) while ${WORKERS} workers of concurrency ${CONCURRENCY} take them, each job reporting progress once and returning a value (\`removeOnComplete: 1000\`). BullMQ ${bullmqVersion()} over ioredis, in the benchmark's process; the emulator (\`src/main.ts --in-memory\`, open port) and redis-server ${redisVersion ?? ""} each in their own process; the two servers' rounds alternate.`,
  "",
  "| server | jobs/s | rounds (jobs/s) |",
  "| --- | ---: | --- |",
  `| emulator | ${emulatorRate.toFixed(0)} | ${rates.emulator.map((rate) => rate.toFixed(0)).join(", ")} |`,
  `| redis-server | ${redisRate.toFixed(0)} | ${rates.redis.map((rate) => rate.toFixed(0)).join(", ")} |`,
  "",
  redisRate > 0 ? `Emulator ÷ redis-server: ${(emulatorRate / redisRate).toFixed(2)}×.` : "",
  "",
  `Whole run: ${elapsedSeconds.toFixed(0)} s; load average at its start ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores.`,
  ...(notes.length === 0 ? [] : ["", ...notes]),
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);

function bullmqVersion(): string {
  return spawnSync(process.execPath, ["-p", "require('bullmq/package.json').version"], {
    encoding: "utf8",
  }).stdout.trim();
}
