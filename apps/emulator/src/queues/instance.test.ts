import { test } from "vitest";
import { Deliverer } from "./delivery.ts";
import { type EncodedEvent, type Journal, QueueInstance, type StoredEvent } from "./instance.ts";
import type { PlanLimits } from "./limits.ts";
import type { MessageRecord, MessageSpec, QueueClock } from "./model.ts";

/** A clock moved by hand; its timers never fire (nothing here waits on one). */
class ManualClock implements QueueClock {
  #now: number;

  constructor(now: number) {
    this.#now = now;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }

  setTimer(): { cancel(): void } {
    return { cancel: () => undefined };
  }
}

const LIMITS: PlanLimits = { maxEvents: 100, eventRetentionMs: 86_400_000, globalParallelism: 1 };
const SPEC: MessageSpec = {
  method: "POST",
  headers: [],
  retries: 0,
  labels: [],
  contentBasedDeduplication: false,
};

/** An instance whose journal keeps what it was given, as the store would. */
function journalled(clock: ManualClock, limits = LIMITS) {
  const puts = new Map<string, Map<string, unknown>>();
  const journal: Journal = {
    isDurable: true,
    put: (kind, key, value) => {
      const entries = puts.get(kind) ?? new Map<string, unknown>();
      entries.set(key, JSON.parse(JSON.stringify(value)) as unknown);
      puts.set(kind, entries);
    },
    remove: () => undefined,
    flush: () => Promise.resolve(),
  };
  const instance = new QueueInstance({
    id: "i",
    clock,
    deliverer: new Deliverer(),
    journal,
    signingKeys: () => ({ current: "a", next: "b" }),
    onError: (error) => {
      throw error;
    },
    limits,
  });
  return { instance, puts };
}

test("a restored log keeps the plan's newest entries within its retention", ({ expect }) => {
  const clock = new ManualClock(1_000_000);
  const { instance, puts } = journalled(clock);
  // A paused queue: each publish logs CREATED and nothing else.
  instance.upsertQueue({ name: "held", paused: true });
  for (let index = 0; index < 6; index++) {
    instance.publish({
      destination: `http://127.0.0.1:9/${index}`,
      spec: SPEC,
      body: new Uint8Array(),
      queueName: "held",
      callerIp: "127.0.0.1",
    });
    clock.advance(20_000);
  }
  instance.close();
  const events: StoredEvent[] = [...(puts.get("event") ?? new Map<string, unknown>())].map(
    ([seq, value]) => {
      const [time, state, messageId, extra] = value as EncodedEvent;
      const record = puts.get("message")?.get(messageId) as MessageRecord;
      return { seq: Number(seq), time, state, record, extra: extra ?? undefined };
    },
  );
  expect(events).toHaveLength(6);

  const urls = (limits: PlanLimits): string[] => {
    const { instance: restored } = journalled(clock, limits);
    restored.restoreEvents(events);
    restored.close();
    return restored.events.map((event) => event.record.url.slice(-1));
  };
  // The newest 4 by size; none older than 60 s (the clock is 120 s past the first entry).
  expect(urls({ ...LIMITS, maxEvents: 4 })).toEqual(["2", "3", "4", "5"]);
  expect(urls({ ...LIMITS, eventRetentionMs: 60_000 })).toEqual(["4", "5"]);
});
