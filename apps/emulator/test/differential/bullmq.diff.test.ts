/**
 * BullMQ against redis-server 7.0: the same BullMQ calls, made by hand (no worker loop, so no
 * timing decides anything), go to the engine and to redis-server, and what they answer and every
 * key they leave — type, fields, members, stream entries, TTLs — must be the same. BullMQ's Lua
 * scripts are the most varied real-world scripts there are (EVALSHA with a dozen keys, cmsgpack,
 * cjson, ZRANGEBYSCORE, LMOVE, XADD, HINCRBY, PEXPIRE, …), so this diffs the engine's scripting and
 * commands as a real application uses them.
 *
 * Normalised before comparing: times (job timestamps, delayed scores and the like, which are
 * milliseconds since 1970 on both sides but never the same), stream IDs, stack traces, and the key
 * order of JSON objects `cjson.encode` writes (Lua 5.4's table order is not 5.1's; see
 * src/engine/scripting/README.md).
 */
import { FlowProducer, type Job, Queue, Worker, type WorkerOptions } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, test } from "vitest";
import { canRunDifferential, startTargets, type Targets } from "./harness.ts";

/** A number that can only be a time: milliseconds since 1970, or a delayed score (time × 4096). */
const TIME = /^\d{12,17}(\.\d+)?$/;
/** A time inside a name: a job scheduler's job is `repeat:<scheduler>:<time of its slot>`. */
const TIME_IN_TEXT = /\d{12,17}/g;
/**
 * Job hash fields that hold times or stack traces; a scheduler's `offset` is its first slot's time
 * modulo `every`.
 */
const VOLATILE_FIELDS = new Set([
  "timestamp",
  "processedOn",
  "finishedOn",
  "stacktrace",
  "ats",
  "offset",
]);

function normaliseText(text: string): unknown {
  if (TIME.test(text)) {
    return "<time>";
  }
  if (!/^[[{]/.test(text)) {
    return text.replace(TIME_IN_TEXT, "<time>");
  }
  try {
    return sortKeys(JSON.parse(text));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(sortKeys);
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, entry]) => [key, sortKeys(entry)]),
    );
  }
  if (typeof value === "number" && TIME.test(String(value))) {
    return "<time>";
  }
  return typeof value === "string" ? value.replace(TIME_IN_TEXT, "<time>") : value;
}

/** Every key of the queue with its type, contents and whether it expires. */
async function dumpQueue(redis: Redis, queueName: string): Promise<Record<string, unknown>> {
  const keys = (await redis.keys(`bull:${queueName}:*`)).sort();
  const dump: Record<string, unknown> = {};
  for (const key of keys) {
    const type = await redis.type(key);
    const expires = (await redis.pttl(key)) > 0;
    dump[key.replace(TIME_IN_TEXT, "<time>")] = {
      type,
      expires,
      value: await dumpValue(redis, { key, type }),
    };
  }
  return dump;
}

async function dumpValue(redis: Redis, { key, type }: { key: string; type: string }) {
  switch (type) {
    case "string":
      return normaliseText((await redis.get(key)) ?? "");
    case "hash":
      return Object.fromEntries(
        Object.entries(await redis.hgetall(key))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([field, value]) => [
            field,
            VOLATILE_FIELDS.has(field) ? "<volatile>" : normaliseText(value),
          ]),
      );
    case "list":
      return (await redis.lrange(key, 0, -1)).map(normaliseText);
    case "set":
      return (await redis.smembers(key)).map(normaliseText).sort();
    case "zset": {
      // Members with equal (time) scores are ordered by member, so order by member here too.
      const flat = await redis.zrange(key, 0, -1, "WITHSCORES");
      const pairs: string[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        pairs.push(
          `${String(normaliseText(flat[i] ?? ""))}=${String(normaliseText(flat[i + 1] ?? ""))}`,
        );
      }
      return pairs.sort();
    }
    case "stream":
      return (await redis.xrange(key, "-", "+")).map(([, fields]) => fields.map(normaliseText));
    default:
      return type;
  }
}

type Scenario = (options: { port: number; queueName: string }) => Promise<unknown>;

/** Runs BullMQ's objects for one scenario and closes them, whatever happens. */
async function withQueue<T>(
  options: { port: number; queueName: string; worker?: Omit<WorkerOptions, "connection"> },
  run: (queue: Queue, worker: Worker) => Promise<T>,
): Promise<T> {
  const connection = { host: "127.0.0.1", port: options.port, maxRetriesPerRequest: null };
  const queue = new Queue(options.queueName, { connection });
  // A worker that runs nothing by itself: the scenario takes and finishes jobs by hand.
  const worker = new Worker(options.queueName, null, {
    connection,
    autorun: false,
    ...options.worker,
  });
  try {
    await worker.waitUntilReady();
    return await run(queue, worker);
  } finally {
    await worker.close();
    await queue.close();
  }
}

function summary(job: Job | undefined): unknown {
  return job === undefined
    ? undefined
    : {
        id: job.id,
        name: job.name,
        data: job.data,
        attemptsMade: job.attemptsMade,
        progress: job.progress,
        returnvalue: job.returnvalue,
        failedReason: job.failedReason,
      };
}

const SCENARIOS: Record<string, Scenario> = {
  "jobs taken and finished by hand: retries, delays, logs, clean and retryJobs": (options) =>
    withQueue(options, async (queue, worker) => {
      await queue.add("a", { x: 1 }, { attempts: 2, backoff: { type: "fixed", delay: 60_000 } });
      await queue.add("b", { x: 2 }, { priority: 3 });
      await queue.add("c", { x: 3 }, { lifo: true, removeOnComplete: { count: 1 } });
      await queue.add("d", { x: 4 }, { delay: 60_000 });
      const answers: unknown[] = [await queue.getJobCounts()];
      const first = await worker.getNextJob("token-1");
      await first?.log("first log line");
      await first?.updateProgress({ step: 1 });
      await first?.updateData({ x: 10 });
      answers.push(summary(first), await first?.moveToCompleted("done", "token-1", false));
      const second = await worker.getNextJob("token-2");
      await second?.moveToFailed(new Error("boom"), "token-2");
      answers.push(summary(second), await second?.getState());
      const third = await worker.getNextJob("token-3");
      await third?.moveToFailed(new Error("gave up"), "token-3");
      answers.push(summary(third), await third?.getState());
      const delayed = (await queue.getDelayed()).map((job) => job.name).sort();
      const later = await queue.getJob("4");
      await later?.changeDelay(120_000);
      await later?.promote();
      answers.push(delayed, await later?.getState(), await queue.getJobCounts());
      answers.push(await queue.getJobLogs("3"), await queue.getRanges(["wait", "failed"], 0, -1));
      answers.push((await queue.clean(0, 10, "completed")).length);
      await queue.retryJobs({ state: "failed" });
      answers.push(await queue.getJobCounts(), await queue.count());
      return answers;
    }),

  "pause, resume, deduplication and drain": (options) =>
    withQueue(options, async (queue) => {
      await queue.pause();
      await queue.add("a", {}, { deduplication: { id: "same" } });
      const duplicate = await queue.add("b", {}, { deduplication: { id: "same" } });
      await queue.add("c", {}, { delay: 60_000, deduplication: { id: "debounced", ttl: 60_000 } });
      const answers: unknown[] = [duplicate.id, await queue.getJobCounts(), await queue.isPaused()];
      answers.push(await queue.getDeduplicationJobId("same"));
      await queue.resume();
      answers.push(await queue.getJobCounts(), (await queue.getWaiting()).map(summary));
      await queue.drain(true);
      answers.push(await queue.getJobCounts());
      return answers.map(sortKeys);
    }),

  "job schedulers: added, replaced, listed and removed": (options) =>
    withQueue(options, async (queue) => {
      await queue.upsertJobScheduler("cron", { pattern: "0 0 1 1 *" }, { name: "yearly" });
      await queue.upsertJobScheduler("often", { every: 3_600_000 }, { name: "hourly" });
      await queue.upsertJobScheduler(
        "often",
        { every: 3_600_000 },
        { name: "hourly", data: { v: 2 } },
      );
      const schedulers = (await queue.getJobSchedulers()).map((scheduler) => [
        scheduler.key,
        scheduler.name,
        scheduler.pattern,
        scheduler.every,
        scheduler.template,
      ]);
      const answers: unknown[] = [schedulers.sort(), await queue.getJobSchedulersCount()];
      answers.push(await queue.removeJobScheduler("cron"), await queue.getJobCounts());
      return answers;
    }),

  "global concurrency, rate limits, paging and promotion": (options) =>
    withQueue(
      { ...options, worker: { limiter: { max: 3, duration: 60_000 } } },
      async (queue, worker) => {
        const answers: unknown[] = [await queue.setGlobalConcurrency(2)];
        answers.push(await queue.setGlobalRateLimit(5, 60_000), await queue.getGlobalConcurrency());
        await queue.addBulk(
          Array.from({ length: 12 }, (_, i) => ({
            name: `job${i}`,
            data: { i },
            opts: i % 4 === 0 ? { priority: 1 + (i % 3) } : i % 5 === 0 ? { delay: 60_000 } : {},
          })),
        );
        const taken: unknown[] = [];
        for (const token of ["t1", "t2", "t3"]) {
          // The third is refused: two are active and the global concurrency is 2.
          taken.push(summary(await worker.getNextJob(token)));
        }
        answers.push(taken, await queue.getJobCounts());
        answers.push((await queue.getJobs(["wait"], 0, 4, true)).map(summary));
        answers.push((await queue.getJobs(["prioritized", "delayed"], 1, 3, false)).map(summary));
        await queue.promoteJobs();
        answers.push(await queue.getJobCounts(), (await queue.getRateLimitTtl(3)) >= 0);
        await worker.rateLimit(60_000);
        answers.push((await queue.getRateLimitTtl()) > 0, await queue.removeRateLimitKey());
        answers.push(await queue.removeGlobalConcurrency(), await queue.removeGlobalRateLimit());
        return answers;
      },
    ),

  "a flow's children failing by hand: fail, ignore or remove the dependency": (options) =>
    withQueue(options, async (queue, worker) => {
      const flows = new FlowProducer({
        connection: { host: "127.0.0.1", port: options.port, maxRetriesPerRequest: null },
      });
      const child = (id: string, opts: Record<string, boolean>) => ({
        name: id,
        queueName: options.queueName,
        data: { id },
        opts: { jobId: id, ...opts },
      });
      try {
        await flows.add({
          name: "parent",
          queueName: options.queueName,
          opts: { jobId: "parent" },
          children: [
            child("ignored", { ignoreDependencyOnFailure: true }),
            child("removed", { removeDependencyOnFailure: true }),
            child("continued", { continueParentOnFailure: true }),
            child("fatal", { failParentOnFailure: true }),
          ],
        });
        const parent = await queue.getJob("parent");
        const answers: unknown[] = [];
        for (const [token, outcome] of [
          ["t1", "fail"],
          ["t2", "fail"],
          ["t3", "complete"],
          ["t4", "fail"],
        ] as const) {
          const job = await worker.getNextJob(token);
          if (outcome === "fail") {
            await job?.moveToFailed(new Error(`${job.id} failed`), token);
          } else {
            await job?.moveToCompleted(`${job?.id} done`, token, false);
          }
          answers.push(job?.id, await parent?.getState(), await parent?.getDependenciesCount());
        }
        answers.push(
          await parent?.getIgnoredChildrenFailures(),
          await parent?.getFailedChildrenValues(),
        );
        answers.push(await parent?.getChildrenValues(), await queue.getJobCounts());
        return answers;
      } finally {
        await flows.close();
      }
    }),

  "a parent that adds a child while it runs and waits for it": (options) =>
    withQueue(options, async (queue, worker) => {
      await queue.add("parent", { step: 0 }, { jobId: "parent" });
      const parent = await worker.getNextJob("parent-token");
      await queue.add(
        "child",
        { n: 1 },
        { jobId: "child", parent: { id: "parent", queue: `bull:${options.queueName}` } },
      );
      const answers: unknown[] = [await parent?.moveToWaitingChildren("parent-token")];
      answers.push(await parent?.getState(), await parent?.getDependencies());
      const kid = await worker.getNextJob("child-token");
      await kid?.moveToCompleted(42, "child-token", false);
      answers.push(await parent?.getState(), await parent?.getChildrenValues());
      const again = await worker.getNextJob("again-token");
      answers.push(summary(again), await again?.moveToCompleted("all done", "again-token", false));
      answers.push(await queue.getJobCounts());
      return answers;
    }),

  "a flow: children finished by hand move the parent to wait": (options) =>
    withQueue(options, async (queue, worker) => {
      const flows = new FlowProducer({
        connection: { host: "127.0.0.1", port: options.port, maxRetriesPerRequest: null },
      });
      try {
        await flows.add({
          name: "parent",
          queueName: options.queueName,
          opts: { jobId: "parent" },
          children: [
            { name: "kid", queueName: options.queueName, data: { n: 1 }, opts: { jobId: "kid1" } },
            { name: "kid", queueName: options.queueName, data: { n: 2 }, opts: { jobId: "kid2" } },
          ],
        });
        const answers: unknown[] = [await queue.getJobCounts()];
        for (const token of ["t1", "t2"]) {
          const kid = await worker.getNextJob(token);
          await kid?.moveToCompleted(`value of ${kid.id}`, token, false);
        }
        const parent = await queue.getJob("parent");
        answers.push(await parent?.getState(), await parent?.getChildrenValues());
        answers.push(await parent?.getDependenciesCount(), await queue.getJobCounts());
        return answers;
      } finally {
        await flows.close();
      }
    }),
};

describe.skipIf(!canRunDifferential)("BullMQ against redis-server", () => {
  let targets: Targets;
  let inspect: { stratus: Redis; redis: Redis };
  beforeAll(async () => {
    targets = await startTargets();
    inspect = {
      stratus: new Redis({ port: targets.ports.stratus, host: "127.0.0.1" }),
      redis: new Redis({ port: targets.ports.redis, host: "127.0.0.1" }),
    };
  });
  afterAll(async () => {
    inspect.stratus.disconnect();
    inspect.redis.disconnect();
    await targets.close();
  });

  let scenarioCount = 0;
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    test(name, async ({ expect }) => {
      scenarioCount += 1;
      const queueName = `diff${scenarioCount}`;
      const onRedis = await scenario({ port: targets.ports.redis, queueName });
      const onStratus = await scenario({ port: targets.ports.stratus, queueName });
      expect(sortKeys(onStratus)).toEqual(sortKeys(onRedis));
      const onRedisKeys = await dumpQueue(inspect.redis, queueName);
      expect(Object.keys(onRedisKeys).length).toBeGreaterThan(3);
      expect(await dumpQueue(inspect.stratus, queueName)).toEqual(onRedisKeys);
    });
  }
});
