/**
 * Queue benchmarks (issue 19), over real sockets: publish throughput (single messages and batches
 * of 100; single ones also from a publisher process, bench/queue-publisher.mjs, with the
 * emulator's CPU per publish against a key-value SET's), end-to-end delivery throughput to a node:http receiver that answers 200 against the same
 * receiver driven directly by undici, added delivery latency (p50/p99) over that baseline, and
 * key-value REST latency while deliveries run (delivery must not block it). Prints one JSON
 * object; `scripts/bench.mjs` writes BENCHMARKS.md from it. Run with `node
 * --conditions=@stratus/source --import ./test/support/register-ts.mjs bench/queues.bench.ts` from
 * apps/emulator.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Pool, request } from "undici";
import { createEmulator } from "../src/index.ts";

const MESSAGES = Number(process.env["BENCH_QUEUE_MESSAGES"] ?? 5000);
const CONCURRENCY = 32;
const LATENCY_SAMPLES = 300;
const ROUNDS = 3;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Runs `task(i)` for i < count with `concurrency` in flight. */
async function pool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        await task(next++);
      }
    }),
  );
}

// The receiver: answers 200 at once and notes when each request arrived.
const arrivals = new Map<string, number>();
let arrivedCount = 0;
let arrivalWaiter: { count: number; resolve: () => void } | undefined;
const receiver = createServer((incoming, response) => {
  incoming.resume();
  incoming.on("end", () => {
    const id = incoming.headers["upstash-message-id"] ?? incoming.headers["x-id"];
    arrivals.set(String(id), performance.now());
    arrivedCount++;
    if (arrivalWaiter !== undefined && arrivedCount >= arrivalWaiter.count) {
      arrivalWaiter.resolve();
      arrivalWaiter = undefined;
    }
    response.writeHead(200);
    response.end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

function arrived(count: number): Promise<void> {
  return arrivedCount >= count
    ? Promise.resolve()
    : new Promise((resolve) => (arrivalWaiter = { count, resolve }));
}

const emulator = await createEmulator({ port: 0, respPort: null, onError: () => undefined });
const api = new Pool(emulator.url, { connections: CONCURRENCY });
const headers = { authorization: `Bearer ${emulator.queueToken}` };

async function publish(body: string, queue?: string): Promise<string> {
  const response = await api.request({
    method: "POST",
    path:
      queue === undefined
        ? `/qstash/v2/publish/${receiverUrl}/hook`
        : `/qstash/v2/enqueue/${queue}/${receiverUrl}/hook`,
    headers,
    body,
  });
  const answer = (await response.body.json()) as { messageId: string };
  return answer.messageId;
}

async function upsertQueue(body: {
  queueName: string;
  parallelism: number;
  paused: boolean;
}): Promise<void> {
  const response = await api.request({
    method: "POST",
    path: "/qstash/v2/queues",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.body.dump();
}

async function publishBatch(size: number, queue?: string): Promise<void> {
  const response = await api.request({
    method: "POST",
    path: "/qstash/v2/batch",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(
      Array.from({ length: size }, (_, i) => ({
        destination: `${receiverUrl}/b`,
        body: String(i),
        ...(queue === undefined ? {} : { queue }),
      })),
    ),
  });
  await response.body.dump();
  if (response.statusCode !== 201) {
    throw new Error(`batch answered ${response.statusCode}`);
  }
}

const PUBLISHER = fileURLToPath(new URL("./queue-publisher.mjs", import.meta.url));

/**
 * `count` POSTs to `path` from a publisher process (bench/queue-publisher.mjs): the rate it saw
 * and the emulator process's CPU per request (user + system, µs), which the machine's load
 * changes far less than a rate.
 */
function fromChild(input: {
  path: string;
  token: string;
  count: number;
}): Promise<{ rate: number; cpuUs: number }> {
  const before = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        PUBLISHER,
        emulator.url,
        input.path,
        input.token,
        String(input.count),
        String(CONCURRENCY),
        "x",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      const used = process.cpuUsage(before);
      if (code === 0) {
        resolve({ rate: Number(output), cpuUs: (used.user + used.system) / input.count });
      } else {
        reject(new Error(`the publisher exited with ${code}`));
      }
    });
  });
}

const childKvRates: number[] = [];
const childKvCpu: number[] = [];
const childPublishRates: number[] = [];
const childPublishCpu: number[] = [];
const kvSetRates: number[] = [];
const singleRates: number[] = [];
const acceptRates: number[] = [];
const batchRates: number[] = [];
const deliveryRates: number[] = [];
const directRates: number[] = [];
const drainRates: number[] = [];
const drainDirectRates: number[] = [];
const kvBusyP99: number[] = [];
const kvIdleP99: number[] = [];
const direct = new Pool(receiverUrl, { connections: 128 });

async function kvLatencies(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  const kv = { authorization: `Bearer ${emulator.token}` };
  while (!until()) {
    const start = performance.now();
    const response = await request(`${emulator.url}/get/bench-key`, { headers: kv });
    await response.body.dump();
    times.push(performance.now() - start);
  }
  return times;
}

for (let round = 0; round < ROUNDS; round++) {
  // Publishers in their own process (as real ones are): key-value SETs, then single publishes
  // into a paused queue (acceptance alone), with the emulator's CPU per request.
  const kvChild = await fromChild({
    path: "/set/bench-child",
    token: emulator.token,
    count: MESSAGES,
  });
  childKvRates.push(kvChild.rate);
  childKvCpu.push(kvChild.cpuUs);
  const childQueue = `child-${round}`;
  await upsertQueue({ queueName: childQueue, parallelism: 1, paused: true });
  const publishChild = await fromChild({
    path: `/qstash/v2/enqueue/${childQueue}/${receiverUrl}/child`,
    token: emulator.queueToken,
    count: MESSAGES,
  });
  childPublishRates.push(publishChild.rate);
  childPublishCpu.push(publishChild.cpuUs);
  await (
    await api.request({ method: "DELETE", path: `/qstash/v2/queues/${childQueue}`, headers })
  ).body.dump();

  // Idle KV latency, 300 sequential requests.
  let idleCount = 0;
  kvIdleP99.push(quantile(await kvLatencies(() => idleCount++ >= 300), 0.99));

  // Reference for this machine's load: key-value SETs over the same pool and concurrency.
  const kvStart = performance.now();
  await pool(MESSAGES, CONCURRENCY, async (index) => {
    const response = await api.request({
      method: "POST",
      path: `/set/bench-${index}/v`,
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    await response.body.dump();
  });
  kvSetRates.push(MESSAGES / ((performance.now() - kvStart) / 1000));

  // Single publishes: accepted/s, then all delivered (end to end from the first publish).
  const base = arrivedCount;
  let done = false;
  const kvDuring = kvLatencies(() => done);
  const start = performance.now();
  await pool(MESSAGES, CONCURRENCY, async (index) => {
    await publish(String(index));
  });
  const accepted = performance.now();
  await arrived(base + MESSAGES);
  const delivered = performance.now();
  done = true;
  kvBusyP99.push(quantile(await kvDuring, 0.99));
  singleRates.push(MESSAGES / ((accepted - start) / 1000));
  deliveryRates.push(MESSAGES / ((delivered - start) / 1000));

  // Batches of 100.
  const batchBase = arrivedCount;
  const batchStart = performance.now();
  await pool(MESSAGES / 100, 4, async () => publishBatch(100));
  batchRates.push(MESSAGES / ((performance.now() - batchStart) / 1000));
  await arrived(batchBase + MESSAGES);

  // Baseline: the same receiver driven directly by undici, same message count.
  const directStart = performance.now();
  await pool(MESSAGES, 128, async (index) => {
    const response = await direct.request({
      method: "POST",
      path: "/direct",
      headers: { "x-id": `d${round}-${index}` },
      body: "x",
    });
    await response.body.dump();
  });
  directRates.push(MESSAGES / ((performance.now() - directStart) / 1000));

  // Delivery alone: MESSAGES wait in a paused queue of parallelism 100, then it is resumed; the
  // baseline is the same receiver driven by undici with 100 requests in flight.
  const queueName = `drain-${round}`;
  await upsertQueue({ queueName, parallelism: 100, paused: true });
  // Filled with single publishes: acceptance alone, with no delivery sharing the process.
  const acceptStart = performance.now();
  await pool(MESSAGES, CONCURRENCY, async (index) => {
    await publish(String(index), queueName);
  });
  acceptRates.push(MESSAGES / ((performance.now() - acceptStart) / 1000));
  const drainBase = arrivedCount;
  const drainStart = performance.now();
  await upsertQueue({ queueName, parallelism: 100, paused: false });
  await arrived(drainBase + MESSAGES);
  drainRates.push(MESSAGES / ((performance.now() - drainStart) / 1000));
  const drainDirectStart = performance.now();
  await pool(MESSAGES, 100, async (index) => {
    const response = await direct.request({
      method: "POST",
      path: "/direct",
      headers: { "x-id": `q${round}-${index}` },
      body: "x",
    });
    await response.body.dump();
  });
  drainDirectRates.push(MESSAGES / ((performance.now() - drainDirectStart) / 1000));
}

// Latency, one message at a time: publish → arrival, against a direct request → arrival.
const viaQueue: number[] = [];
const viaDirect: number[] = [];
for (let index = 0; index < LATENCY_SAMPLES; index++) {
  const count = arrivedCount;
  const start = performance.now();
  const id = await publish("l");
  await arrived(count + 1);
  viaQueue.push((arrivals.get(id) ?? start) - start);
  const directStart = performance.now();
  const response = await direct.request({
    method: "POST",
    path: "/direct",
    headers: { "x-id": `lat-${index}` },
    body: "l",
  });
  await response.body.dump();
  viaDirect.push((arrivals.get(`lat-${index}`) ?? directStart) - directStart);
}

await api.close();
await direct.close();
await emulator.close();
receiver.close();

const fmt = (value: number): string => Math.round(value).toLocaleString("en-US");
const ms = (value: number): string => value.toFixed(2);
const deliveryRatio = median(deliveryRates) / median(directRates);
// Per message: each sample's queue latency less the direct request made right after it (same
// moment of the machine's load), then the quantiles of those differences. The difference of two
// p99s would pair the worst queue sample with the worst direct one, which need not be related.
const added = viaQueue.map((latency, index) => latency - (viaDirect[index] ?? 0));
const addedP50 = quantile(added, 0.5);
const addedP99 = quantile(added, 0.99);
const markdown = [
  "## Queues (QStash API)",
  "",
  `\`apps/emulator/bench/queues.bench.ts\`: ${MESSAGES} messages per round over real sockets, ${CONCURRENCY} publishers, median of ${ROUNDS} rounds; the receiver is a node:http server answering 200.`,
  "",
  "| measure | value | target |",
  "| --- | --- | --- |",
  `| publishers in a child process: key-value SET (requests/s; emulator CPU µs per request) | ${fmt(median(childKvRates))}; ${median(childKvCpu).toFixed(1)} µs | |`,
  `| publishers in a child process: publish, single, into a paused queue (messages accepted/s; emulator CPU µs per publish) | ${fmt(median(childPublishRates))}; ${median(childPublishCpu).toFixed(1)} µs | ≥ 5,000 |`,
  `| reference: key-value SET, same pool (requests/s) | ${fmt(median(kvSetRates))} | |`,
  `| publish, single, while delivering to the in-process receiver (messages accepted/s) | ${fmt(median(singleRates))} | |`,
  `| publish, single, into a paused queue: nothing delivering, publishers in this process (messages accepted/s) | ${fmt(median(acceptRates))} | |`,
  `| publish, batches of 100 (messages accepted/s) | ${fmt(median(batchRates))} | ≥ 5,000 |`,
  `| delivery end to end (messages/s) | ${fmt(median(deliveryRates))} | |`,
  `| direct undici to the same receiver (requests/s) | ${fmt(median(directRates))} | |`,
  `| delivery / direct (while publishing) | ${deliveryRatio.toFixed(2)}× | |`,
  `| delivery alone: a queue of ${MESSAGES} drained at parallelism 100 (messages/s) | ${fmt(median(drainRates))} | |`,
  `| direct undici, 100 in flight (requests/s) | ${fmt(median(drainDirectRates))} | |`,
  `| delivery alone / direct | ${(median(drainRates) / median(drainDirectRates)).toFixed(2)}× | ≥ 0.5× |`,
  `| latency publish → arrival p50 / p99 (ms) | ${ms(quantile(viaQueue, 0.5))} / ${ms(quantile(viaQueue, 0.99))} | |`,
  `| latency direct → arrival p50 / p99 (ms) | ${ms(quantile(viaDirect, 0.5))} / ${ms(quantile(viaDirect, 0.99))} | |`,
  `| added latency per message (queue − the direct request after it) p50 / p99 (ms) | ${ms(addedP50)} / ${ms(addedP99)} | p99 ≤ 10 |`,
  `| key-value GET p99 idle / during delivery (ms) | ${ms(median(kvIdleP99))} / ${ms(median(kvBusyP99))} | |`,
  "",
].join("\n");
process.stdout.write(`${JSON.stringify({ markdown })}\n`);
