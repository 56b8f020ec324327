import { describe, test } from "vitest";
import { ManualClock, readOutputBufferLimits } from "../engine/index.ts";
import { AsyncQueue } from "./async-queue.ts";
import { DEFAULT_OUTPUT_LIMITS } from "./output-limit.ts";

describe("AsyncQueue with an output limit", () => {
  test("the proxy's streams use Redis's default limits: 32 MiB for subscribers", ({ expect }) => {
    expect(DEFAULT_OUTPUT_LIMITS.limits().pubsub).toEqual({
      hardBytes: 32 * 1024 * 1024,
      softBytes: 8 * 1024 * 1024,
      softSeconds: 60,
    });
    expect(DEFAULT_OUTPUT_LIMITS.limits().normal.hardBytes).toBe(0);
  });

  test("a reader that falls behind loses its items and the Redis connection, then is told", async ({
    expect,
  }) => {
    const events: string[] = [];
    const queue = new AsyncQueue<string>(
      new AbortController().signal,
      () => events.push("connection closed"),
      {
        source: {
          limits: () => readOutputBufferLimits("pubsub 100 0 0"),
          clock: new ManualClock(),
          onDisconnect: () => events.push("counted"),
        },
        clientClass: "pubsub",
        sizeOf: (item) => item.length,
        onExceeded: () => events.push("exceeded"),
      },
    );
    queue.push("a".repeat(99));
    expect(events).toEqual([]);
    queue.push("b");
    queue.push("c");
    await Promise.resolve();
    expect(events).toEqual(["counted", "connection closed", "exceeded"]);
    const left: string[] = [];
    for await (const item of queue) {
      left.push(item);
    }
    expect(left).toEqual([]);
    expect(queue.isDone).toBe(true);
  });
});
