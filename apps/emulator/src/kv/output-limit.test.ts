import { describe, test } from "vitest";
import { Engine, ManualClock } from "../engine/index.ts";
import { AsyncQueue } from "./async-queue.ts";
import { engineOutputLimits, OutputLimitGuard } from "./output-limit.ts";

/** A guard over a backlog the test sets, on an engine whose limits CONFIG SET changes. */
function guarded(limit: string): {
  engine: Engine;
  clock: ManualClock;
  guard: OutputLimitGuard;
  backlog: { bytes: number };
  exceeded: string[];
} {
  const clock = new ManualClock();
  const engine = new Engine({ clock, config: { "client-output-buffer-limit": limit } });
  const backlog = { bytes: 0 };
  const exceeded: string[] = [];
  const guard = new OutputLimitGuard({
    source: engineOutputLimits(engine),
    measure: () => ({ clientClass: "pubsub", bytes: backlog.bytes }),
    onExceeded: () => exceeded.push("closed"),
  });
  return { engine, clock, guard, backlog, exceeded };
}

describe("OutputLimitGuard", () => {
  test("closes at the hard limit, once, and counts it in INFO", ({ expect }) => {
    const { engine, guard, backlog, exceeded } = guarded("pubsub 1000 0 0");
    backlog.bytes = 999;
    expect(guard.check()).toBe(false);
    backlog.bytes = 1000;
    expect(guard.check()).toBe(true);
    expect(guard.check()).toBe(true);
    expect(exceeded).toEqual(["closed"]);
    expect(engine.stats.clientOutputBufferLimitDisconnections).toBe(1);
  });

  test("a zero limit is no limit (the normal class by default)", ({ expect }) => {
    const { guard, backlog } = guarded("pubsub 0 0 0");
    backlog.bytes = 10 ** 12;
    expect(guard.check()).toBe(false);
  });

  test("over the soft limit for longer than the soft seconds, even with no more writes", ({
    expect,
  }) => {
    const { clock, guard, backlog, exceeded } = guarded("pubsub 0 500 10");
    backlog.bytes = 600;
    expect(guard.check()).toBe(false);
    clock.advance(10_000);
    expect(guard.check()).toBe(false);
    expect(exceeded).toEqual([]);
    // When the time is up the guard's own timer measures again, as Redis's clientsCron does
    clock.advance(1);
    expect(exceeded).toEqual(["closed"]);
  });

  test("dropping under the soft limit starts the count again", ({ expect }) => {
    const { clock, guard, backlog, exceeded } = guarded("pubsub 0 500 10");
    backlog.bytes = 600;
    guard.check();
    clock.advance(9000);
    backlog.bytes = 100;
    guard.check();
    backlog.bytes = 600;
    guard.check();
    clock.advance(9000);
    expect(guard.check()).toBe(false);
    clock.advance(1001);
    expect(guard.check()).toBe(true);
    expect(exceeded).toEqual(["closed"]);
  });

  test("CONFIG SET applies to a client already connected", ({ expect }) => {
    const { engine, guard, backlog } = guarded("pubsub 1000 0 0");
    backlog.bytes = 5000;
    engine.config.set("client-output-buffer-limit", "pubsub 0 0 0");
    expect(guard.check()).toBe(false);
    engine.config.set("client-output-buffer-limit", "pubsub 5000 0 0");
    expect(guard.check()).toBe(true);
  });
});

describe("AsyncQueue with an output limit", () => {
  test("a reader that falls behind loses its items, its producer detaches, then it is told", async ({
    expect,
  }) => {
    const engine = new Engine({
      clock: new ManualClock(),
      config: { "client-output-buffer-limit": "pubsub 100 0 0" },
    });
    const events: string[] = [];
    const queue = new AsyncQueue<string>(
      new AbortController().signal,
      () => events.push("detached"),
      {
        source: engineOutputLimits(engine),
        clientClass: "pubsub",
        sizeOf: (item) => item.length,
        onExceeded: () => events.push("exceeded"),
      },
    );
    queue.push("a".repeat(60));
    queue.push("b".repeat(60));
    // Ended asynchronously, like Redis's freeClientAsync: later pushes are dropped meanwhile
    queue.push("c");
    expect(events).toEqual([]);
    await Promise.resolve();
    expect(events).toEqual(["detached", "exceeded"]);
    const left: string[] = [];
    for await (const item of queue) {
      left.push(item);
    }
    expect(left).toEqual([]);
  });

  test("items the reader takes no longer count", async ({ expect }) => {
    const engine = new Engine({
      clock: new ManualClock(),
      config: { "client-output-buffer-limit": "pubsub 100 0 0" },
    });
    const abort = new AbortController();
    const queue = new AsyncQueue<string>(abort.signal, () => undefined, {
      source: engineOutputLimits(engine),
      clientClass: "pubsub",
      sizeOf: (item) => item.length,
      onExceeded: () => abort.abort(),
    });
    const reader = queue[Symbol.asyncIterator]();
    const taken: string[] = [];
    for (let index = 0; index < 5; index++) {
      queue.push(String(index).repeat(60));
      const next = await reader.next();
      taken.push(next.done === true ? "done" : next.value.slice(0, 1));
    }
    expect(taken).toEqual(["0", "1", "2", "3", "4"]);
    await reader.return?.();
  });
});
