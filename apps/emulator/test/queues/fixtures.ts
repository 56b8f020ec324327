/**
 * What the queue tests share: an in-process emulator on a `ManualClock`, the real
 * `@upstash/qstash` client and receiver on its default queue instance, and a node:http receiver
 * on port 0 that records deliveries and answers as a test tells it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, Receiver } from "@upstash/qstash";
import { ManualClock } from "../../src/engine/clock.ts";
import { createEmulator, type Emulator } from "../../src/index.ts";

export interface Delivery {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type Answer = { status: number; body?: string } | "hang";

export class TestReceiver {
  readonly deliveries: Delivery[] = [];
  /** What the next requests get; the last entry repeats. */
  answers: Answer[] = [{ status: 200, body: "ok" }];
  /** Responses of "hang" answers, oldest first, until {@link TestReceiver.release}. */
  readonly #held: import("node:http").ServerResponse[] = [];
  readonly #server: Server;
  readonly #waiters: { count: number; resolve: () => void }[] = [];

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<TestReceiver> {
    let receiver: TestReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => receiver?.record({ request, chunks, response }));
    });
    receiver = new TestReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  record(input: {
    request: import("node:http").IncomingMessage;
    chunks: Buffer[];
    response: import("node:http").ServerResponse;
  }): void {
    const { request, chunks, response } = input;
    const answer =
      this.answers.length > 1 ? (this.answers.shift() as Answer) : (this.answers[0] as Answer);
    this.deliveries.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    for (const waiter of [...this.#waiters]) {
      if (this.deliveries.length >= waiter.count) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    if (answer === "hang") {
      this.#held.push(response);
      return;
    }
    response.writeHead(answer.status, { "content-type": "text/plain", "x-answer": "test" });
    response.end(answer.body ?? "");
  }

  /** Answers the oldest held request with 200. */
  release(): void {
    const response = this.#held.shift();
    if (response === undefined) {
      throw new Error("no request is held");
    }
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("released");
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` deliveries in total have arrived. */
  waitFor(count: number): Promise<void> {
    if (this.deliveries.length >= count) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

export interface QueueFixture {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  readonly client: Client;
  readonly receiver: Receiver;
  readonly target: TestReceiver;
  /** Waits until the default instance has nothing in flight and nothing due now. */
  settle(): Promise<void>;
  /** Moves the clock and waits for what fell due. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startQueueFixture(
  options: { dataDir?: string; startAt?: number; globalParallelism?: number } = {},
): Promise<QueueFixture> {
  const clock = new ManualClock(options.startAt ?? Date.UTC(2026, 0, 1, 0, 0, 0));
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    clock,
    ...(options.globalParallelism === undefined
      ? {}
      : { qstashGlobalParallelism: options.globalParallelism }),
    ...(options.dataDir === undefined
      ? {}
      : { dataDir: options.dataDir, fsync: "always" as const }),
  });
  const target = await TestReceiver.start();
  const client = new Client({
    baseUrl: emulator.queueUrl,
    token: emulator.queueToken,
    retry: false,
  });
  const receiver = new Receiver({
    currentSigningKey: emulator.queueCurrentSigningKey,
    nextSigningKey: emulator.queueNextSigningKey,
  });
  const settle = async (): Promise<void> => {
    for (;;) {
      // One macrotask turn lets queued pumps start their deliveries.
      await new Promise((resolve) => setImmediate(resolve));
      const busy = [...emulator.queues.instances.values()].filter(
        (instance) => instance.inFlightCount > 0,
      );
      if (busy.length === 0) {
        return;
      }
      await Promise.all(busy.map((instance) => instance.idle()));
    }
  };
  return {
    emulator,
    clock,
    client,
    receiver,
    target,
    settle,
    advance: async (ms) => {
      await settle();
      clock.advance(ms);
      await settle();
    },
    close: async () => {
      await target.close();
      await emulator.close();
    },
  };
}
