/**
 * BullMQ, a Lua-heavy real client, over the token-authenticated RESP port: its scripts use EVALSHA
 * with a dozen keys, cmsgpack and cjson, an events stream (XADD with MAXLEN ~, XREAD BLOCK from
 * QueueEvents), blocking BZPOPMIN markers and locks that expire (PX). Run through ioredis and
 * through node-redis over RESP3 (BullMQ's `createNodeRedisClient`), each on the embedded engine and
 * on the proxy in front of a real redis-server, so the token rules and the RESP3 reshaping are
 * covered there too.
 */
import {
  type ConnectionOptions,
  createNodeRedisClient,
  FlowProducer,
  type Job,
  type Processor,
  Queue,
  QueueEvents,
  Worker,
  type WorkerOptions,
} from "bullmq";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";

const TOKEN = "bullmq-test-token";
/** Bounds a wait on an event that should come in milliseconds; a hang fails here, not at 5 s. */
const FINISH_TIMEOUT_MS = 4_000;

interface Target {
  readonly emulator: Emulator;
  close(): Promise<void>;
}

/** What BullMQ is handed, and how to close what the test opened for it. */
interface Connection {
  readonly connection: ConnectionOptions;
  close(): Promise<void>;
}

async function startEmulator(options: { redisUrl?: string } = {}): Promise<Emulator> {
  return createEmulator({ port: 0, respPort: 0, token: TOKEN, ...options });
}

/** Options for BullMQ to open its own ioredis connections with (it sets what it needs). */
function ioredisConnection(url: URL): Connection {
  const connection = {
    host: url.hostname,
    port: Number(url.port),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    maxRetriesPerRequest: null,
  };
  return { connection, close: async () => undefined };
}

/** A node-redis client speaking RESP3 (`HELLO 3 AUTH default <token>`), shared by the test's BullMQ objects. */
function nodeRedisConnection(url: URL): Connection {
  const client = createClient({ url: url.toString(), RESP: 3 });
  return {
    connection: createNodeRedisClient(client) as ConnectionOptions,
    close: async () => {
      client.destroy();
    },
  };
}

/** The emulator on its embedded engine. */
async function startEngine(): Promise<Target> {
  const emulator = await startEmulator();
  return { emulator, close: () => emulator.close() };
}

/** The emulator with `--redis-url` to a throwaway redis-server. */
async function startProxy(): Promise<Target> {
  const redis = await RedisServer.start();
  const emulator = await startEmulator({ redisUrl: redis.url() });
  return {
    emulator,
    close: async () => {
      await emulator.close();
      await redis.kill();
    },
  };
}

const TARGETS: readonly {
  readonly name: string;
  readonly isSkipped: boolean;
  start(): Promise<Target>;
  connect(url: URL): Connection;
}[] = [
  {
    name: "ioredis on the embedded engine",
    isSkipped: false,
    start: startEngine,
    connect: ioredisConnection,
  },
  {
    name: "node-redis over RESP3 on the embedded engine",
    isSkipped: false,
    start: startEngine,
    connect: nodeRedisConnection,
  },
  {
    name: "ioredis on the proxy in front of redis-server",
    isSkipped: !shouldRunRedisTests(),
    start: startProxy,
    connect: ioredisConnection,
  },
  {
    name: "node-redis over RESP3 on the proxy in front of redis-server",
    isSkipped: !shouldRunRedisTests(),
    start: startProxy,
    connect: nodeRedisConnection,
  },
];

/** What a test opens (queues, workers, event listeners, flow producers), closed at its end. */
class Bull implements AsyncDisposable {
  readonly #connection: Connection;
  readonly #opened: { close(): Promise<unknown> }[] = [];
  static #queues = 0;

  constructor(connection: Connection) {
    this.#connection = connection;
  }

  get #options(): { connection: ConnectionOptions } {
    return { connection: this.#connection.connection };
  }

  /** A queue name no other test uses, so tests share one server without seeing each other. */
  static queueName(): string {
    Bull.#queues += 1;
    return `q${Bull.#queues}-${process.pid}`;
  }

  #open<T extends { close(): Promise<unknown> }>(closable: T): T {
    this.#opened.push(closable);
    return closable;
  }

  queue(name: string): Queue {
    return this.#open(new Queue(name, this.#options));
  }

  async worker(
    name: string,
    options: { processor: Processor } & Omit<WorkerOptions, "connection">,
  ): Promise<Worker> {
    const { processor, ...rest } = options;
    const worker = this.#open(new Worker(name, processor, { ...this.#options, ...rest }));
    await worker.waitUntilReady();
    return worker;
  }

  /** Resolves once its XREAD BLOCK listens, so no event after it is missed. */
  async events(name: string): Promise<QueueEvents> {
    const events = this.#open(new QueueEvents(name, this.#options));
    await events.waitUntilReady();
    return events;
  }

  flowProducer(): FlowProducer {
    return this.#open(new FlowProducer(this.#options));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    // Workers first: a queue closed under a running worker makes it log connection errors.
    for (const closable of this.#opened.reverse()) {
      await closable.close();
    }
    await this.#connection.close();
  }
}

/** Resolves with the worker's next event of `name` whose job `matches`. */
function nextEvent(
  worker: Worker,
  options: { name: "completed" | "failed"; matches: (job: Job) => boolean },
): Promise<Job> {
  return new Promise((resolve) => {
    const listener = (job: Job | undefined) => {
      if (job !== undefined && options.matches(job)) {
        worker.off(options.name, listener);
        resolve(job);
      }
    };
    worker.on(options.name, listener);
  });
}

for (const target of TARGETS) {
  describe.skipIf(target.isSkipped)(`BullMQ over the RESP port: ${target.name}`, () => {
    let started: Target;
    /** A fresh connection for each test's BullMQ objects, with the token in its URL. */
    const connect = (): Connection => target.connect(new URL(started.emulator.redisUrl ?? ""));

    beforeAll(async () => {
      started = await target.start();
    });

    afterAll(async () => {
      await started.close();
    });

    test("a worker processes added jobs and their results are kept", async ({ expect }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const events = await bull.events(name);
      await bull.worker(name, {
        processor: async (job: Job<{ a: number; b: number }>) => job.data.a + job.data.b,
        name: "adder",
      });
      // The worker's connection is named for it (CLIENT SETNAME), found in CLIENT LIST.
      expect((await queue.getWorkers()).map((worker) => worker["rawname"])).toEqual([
        `bull:${Buffer.from(name).toString("base64")}:w:adder`,
      ]);
      // When
      const jobs = await queue.addBulk([
        { name: "sum", data: { a: 1, b: 2 } },
        { name: "sum", data: { a: 40, b: 2 } },
      ]);
      // Then
      const results = await Promise.all(
        jobs.map((job) => job.waitUntilFinished(events, FINISH_TIMEOUT_MS)),
      );
      expect(results).toEqual([3, 42]);
      const stored = await queue.getJob(jobs[1]?.id ?? "");
      expect(stored?.returnvalue).toBe(42);
      expect(await stored?.getState()).toBe("completed");
      expect(await queue.getJobCounts("completed", "wait", "active", "failed")).toEqual({
        completed: 2,
        wait: 0,
        active: 0,
        failed: 0,
      });
    });

    test("a delayed job waits in 'delayed' and runs only after its delay", async ({ expect }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const delay = 200;
      const worker = await bull.worker(name, { processor: async () => Date.now(), autorun: false });
      const added = await queue.add("later", {}, { delay });
      expect(await added.getState()).toBe("delayed");
      expect(await queue.getDelayedCount()).toBe(1);
      // When the worker runs
      const completed = nextEvent(worker, {
        name: "completed",
        matches: (job) => job.id === added.id,
      });
      void worker.run();
      // Then it ran once the delay was over, not before
      const job = await completed;
      expect(job.processedOn).toBeGreaterThanOrEqual(added.timestamp + delay);
      expect(job.returnvalue).toBeGreaterThanOrEqual(added.timestamp + delay);
      expect(await queue.getDelayedCount()).toBe(0);
    });

    test("a throwing job is retried with backoff, then fails with its attempts counted", async ({
      expect,
    }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const events = await bull.events(name);
      const attemptStarts: number[] = [];
      await bull.worker(name, {
        processor: async () => {
          attemptStarts.push(Date.now());
          throw new Error(`attempt ${attemptStarts.length} failed`);
        },
      });
      const backoff = 50;
      // When
      const added = await queue.add(
        "flaky",
        {},
        { attempts: 3, backoff: { type: "fixed", delay: backoff } },
      );
      // Then
      await expect(added.waitUntilFinished(events, FINISH_TIMEOUT_MS)).rejects.toThrow(
        "attempt 3 failed",
      );
      const job = await queue.getJob(added.id ?? "");
      expect(await job?.getState()).toBe("failed");
      expect(job?.attemptsMade).toBe(3);
      expect(job?.failedReason).toBe("attempt 3 failed");
      expect(job?.stacktrace).toHaveLength(3);
      expect(attemptStarts).toHaveLength(3);
      for (let i = 1; i < attemptStarts.length; i++) {
        // Each retry waited in 'delayed' for the backoff (timestamps are milliseconds).
        expect((attemptStarts[i] ?? 0) - (attemptStarts[i - 1] ?? 0)).toBeGreaterThanOrEqual(
          backoff - 1,
        );
      }
      expect(await queue.getJobCounts("failed", "delayed", "wait")).toEqual({
        failed: 1,
        delayed: 0,
        wait: 0,
      });
    });

    test("a flow's parent runs after its children and sees their return values", async ({
      expect,
    }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const childName = Bull.queueName();
      const events = await bull.events(name);
      const finishedChildren: string[] = [];
      const childWorker = await bull.worker(childName, {
        processor: async (job: Job<{ n: number }>) => {
          finishedChildren.push(job.name);
          return job.data.n * 10;
        },
        concurrency: 2,
        autorun: false,
      });
      let childrenSeenByParent = -1;
      const parentWorker = await bull.worker(name, {
        processor: async (job) => {
          childrenSeenByParent = finishedChildren.length;
          const values = await job.getChildrenValues<number>();
          return Object.values(values).reduce((sum, value) => sum + value, 0);
        },
        autorun: false,
      });
      const flow = await bull.flowProducer().add({
        name: "total",
        queueName: name,
        children: [1, 2, 3].map((n) => ({ name: `part${n}`, queueName: childName, data: { n } })),
      });
      expect(await flow.job.getState()).toBe("waiting-children");
      // When both workers run
      void parentWorker.run();
      void childWorker.run();
      // Then the parent waited for the three children and summed what they returned
      expect(await flow.job.waitUntilFinished(events, FINISH_TIMEOUT_MS)).toBe(60);
      expect(childrenSeenByParent).toBe(3);
      const parent = await bull.queue(name).getJob(flow.job.id ?? "");
      const values = await parent?.getChildrenValues<number>();
      expect(Object.values(values ?? {}).sort()).toEqual([10, 20, 30]);
      expect(Object.keys(values ?? {}).every((key) => key.includes(`:${childName}:`))).toBe(true);
      expect(await parent?.getDependenciesCount()).toEqual({
        processed: 3,
        unprocessed: 0,
        failed: 0,
        ignored: 0,
      });
    });

    test("progress reaches QueueEvents; removeOnComplete removes the finished job", async ({
      expect,
    }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const events = await bull.events(name);
      const progress: unknown[] = [];
      events.on("progress", ({ data }) => progress.push(data));
      await bull.worker(name, {
        processor: async (job) => {
          await job.updateProgress(50);
          await job.updateProgress({ step: "done" });
          return "ok";
        },
      });
      // When
      const kept = await queue.add("kept", {});
      const removed = await queue.add("removed", {}, { removeOnComplete: true });
      // Then
      expect(await kept.waitUntilFinished(events, FINISH_TIMEOUT_MS)).toBe("ok");
      expect(await removed.waitUntilFinished(events, FINISH_TIMEOUT_MS)).toBe("ok");
      expect(progress).toEqual([50, { step: "done" }, 50, { step: "done" }]);
      expect((await queue.getJob(kept.id ?? ""))?.progress).toEqual({ step: "done" });
      expect(await queue.getJob(removed.id ?? "")).toBeUndefined();
      expect(await queue.getJobCounts("completed", "wait", "active")).toEqual({
        completed: 1,
        wait: 0,
        active: 0,
      });
    });

    test("jobs run by priority, a lifo job first among the unprioritised", async ({ expect }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      // Given jobs added before any worker runs
      for (const [jobName, priority] of [
        ["p5", 5],
        ["p1", 1],
        ["none", 0],
        ["p3", 3],
      ] as const) {
        await queue.add(jobName, {}, { priority });
      }
      await queue.add("lifo", {}, { lifo: true });
      expect(await queue.getCountsPerPriority([0, 1, 3, 5])).toEqual({ 0: 2, 1: 1, 3: 1, 5: 1 });
      // When one worker takes them one at a time
      const order: string[] = [];
      const worker = await bull.worker(name, {
        processor: async (job) => {
          order.push(job.name);
        },
        concurrency: 1,
        autorun: false,
      });
      const drained = new Promise<void>((resolve) => worker.once("drained", () => resolve()));
      void worker.run();
      await drained;
      // Then
      expect(order).toEqual(["lifo", "none", "p1", "p3", "p5"]);
    });

    test("a job whose worker stopped renewing its lock is moved back and run again", async ({
      expect,
    }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const added = await queue.add("orphan", { n: 7 });
      // Given a worker that took the job and then went silent (its lock expires after 100 ms)
      const silent = await bull.worker(name, {
        processor: async () => undefined,
        autorun: false,
        lockDuration: 100,
      });
      const taken = await silent.getNextJob("silent-token");
      expect(taken?.id).toBe(added.id);
      expect(await added.getState()).toBe("active");
      // When another worker's stalled check finds the job without a lock
      const rescuer = await bull.worker(name, {
        processor: async (job: Job<{ n: number }>) => job.data.n * 2,
        stalledInterval: 50,
      });
      const stalled = new Promise((resolve) => rescuer.once("stalled", resolve));
      const completed = nextEvent(rescuer, {
        name: "completed",
        matches: (job) => job.id === added.id,
      });
      // Then
      expect(await stalled).toBe(added.id);
      expect((await completed).returnvalue).toBe(14);
      expect((await queue.getJob(added.id ?? ""))?.stalledCounter).toBe(1);
    });

    test("a job scheduler adds a job every interval until removed", async ({ expect }) => {
      await using bull = new Bull(connect());
      const name = Bull.queueName();
      const queue = bull.queue(name);
      const every = 100;
      /** Each run's time slot (its job id is `repeat:<scheduler>:<slot>`) and when it started. */
      const runs: { slot: number; startedAt: number }[] = [];
      const worker = await bull.worker(name, {
        processor: async (job: Job<{ tick: string }>) => {
          runs.push({ slot: Number(job.id?.split(":").at(-1)), startedAt: job.processedOn ?? 0 });
          return job.data.tick;
        },
      });
      const thirdRun = new Promise<Job>((resolve) => {
        worker.on("completed", (job) => {
          if (runs.length === 3) {
            resolve(job);
          }
        });
      });
      // When
      await queue.upsertJobScheduler("ticker", { every }, { name: "tick", data: { tick: "t" } });
      const [scheduler] = await queue.getJobSchedulers();
      // Then
      expect(scheduler).toMatchObject({ key: "ticker", every, name: "tick" });
      expect((await thirdRun).returnvalue).toBe("t");
      expect(await queue.removeJobScheduler("ticker")).toBe(true);
      expect(await queue.getJobSchedulersCount()).toBe(0);
      // Slots are whole intervals apart (more than one if a run was late), and no delayed run
      // started before its slot (moveToActive promotes a delayed job only once the worker's
      // timestamp reaches it). The first run is added ready, not delayed: a worker already
      // waiting takes it with the timestamp it sent its request with, which may precede the slot.
      for (const [i, run] of runs.entries()) {
        if (i > 0) {
          expect(run.startedAt).toBeGreaterThanOrEqual(run.slot);
        }
        const gap = run.slot - (runs[i - 1]?.slot ?? run.slot - every);
        expect(gap > 0 && gap % every === 0).toBe(true);
      }
    });
  });
}

describe("BullMQ over the RESP port: one port, two databases", () => {
  test("the same queue name in two databases is two queues, each with its own workers", async ({
    expect,
  }) => {
    await using emulator = await startEmulator();
    const created = await emulator.fetch(`${emulator.url}/v2/redis/database`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64")}`,
      },
      body: JSON.stringify({ database_name: "jobs", platform: "aws", primary_region: "us-east-1" }),
    });
    const { password } = (await created.json()) as { password: string };
    const defaultUrl = new URL(emulator.redisUrl ?? "");
    const jobsUrl = new URL(defaultUrl);
    jobsUrl.password = encodeURIComponent(password);
    await using onDefault = new Bull(ioredisConnection(defaultUrl));
    await using onJobs = new Bull(ioredisConnection(jobsUrl));
    const name = Bull.queueName();
    const seen: string[] = [];
    const record = (database: string) => async (job: Job) => {
      seen.push(`${database}:${job.name}`);
      return database;
    };
    // Given a worker blocked on each database's queue of the same name
    const defaultEvents = await onDefault.events(name);
    const jobsEvents = await onJobs.events(name);
    await onDefault.worker(name, { processor: record("default") });
    await onJobs.worker(name, { processor: record("jobs") });
    // When
    const a = await onDefault.queue(name).add("a", {});
    const b = await onJobs.queue(name).add("b", {});
    // Then each job ran on its own database's worker, under the same id
    expect(await a.waitUntilFinished(defaultEvents, FINISH_TIMEOUT_MS)).toBe("default");
    expect(await b.waitUntilFinished(jobsEvents, FINISH_TIMEOUT_MS)).toBe("jobs");
    expect(a.id).toBe(b.id);
    expect(seen.sort()).toEqual(["default:a", "jobs:b"]);
  });
});
