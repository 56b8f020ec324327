import { test } from "vitest";
import { decodeMetrics, encodeMetrics } from "./persistence.ts";
import { MetricsRecorder } from "./recorder.ts";

test("the codec round-trips every bucket, total and gauge", ({ expect }) => {
  let now = Date.UTC(2026, 0, 5, 12);
  const clock = { now: () => now };
  const recorder = new MetricsRecorder({ clock });
  const resource = { kind: "redis", id: "cache" } as const;
  for (let i = 0; i < 50; i++) {
    recorder.record({
      resource,
      op: i % 3 === 0 ? "write" : "read",
      latencyMs: i,
      bytesIn: i,
      bytesOut: 2 * i,
    });
    now += 17_000;
  }
  recorder.observe(resource, "keyspace", 12);
  const copy = new MetricsRecorder({ clock });
  decodeMetrics(copy, encodeMetrics(recorder));
  const range = { startMs: 0, endMs: now + 1 };
  for (const ops of [["read"], ["write"], ["read", "write"]]) {
    const [a, b] = [recorder.window(resource, ops, range), copy.window(resource, ops, range)];
    expect(b.tally).toEqual(a.tally);
    expect(b.latency.percentileMs(0.99)).toBe(a.latency.percentileMs(0.99));
    expect(copy.month(resource, ops)).toEqual(recorder.month(resource, ops));
  }
  expect(copy.gaugeBefore(resource, "keyspace", now + 1)).toBe(12);
});

test("an unknown version is refused", ({ expect }) => {
  const recorder = new MetricsRecorder({ clock: { now: () => 0 } });
  expect(() =>
    decodeMetrics(recorder, new TextEncoder().encode('{"version":99,"resources":[]}')),
  ).toThrow(/version 99/);
});
