import { test } from "vitest";
import { MetricsRecorder } from "./recorder.ts";

const START = Date.UTC(2026, 0, 10, 8);

test("windows merge the asked operations only, per resource", ({ expect }) => {
  const recorder = new MetricsRecorder({ clock: { now: () => START } });
  const cache = { kind: "redis", id: "cache" } as const;
  const other = { kind: "redis", id: "other" } as const;
  recorder.record({ resource: cache, op: "read", count: 2, latencyMs: 1, bytesIn: 1, bytesOut: 1 });
  recorder.record({ resource: cache, op: "write", latencyMs: 3, bytesIn: 1, bytesOut: 1 });
  recorder.record({ resource: other, op: "read", latencyMs: 1, bytesIn: 1, bytesOut: 1 });
  const range = { startMs: START, endMs: START + 60_000 };
  expect(recorder.window(cache, ["read"], range).tally.count).toBe(2);
  expect(recorder.window(cache, ["read", "write"], range).tally).toEqual({
    count: 3,
    requests: 2,
    bytesIn: 2,
    bytesOut: 2,
  });
  expect(recorder.window(cache, ["query"], range).tally.count).toBe(0);
  expect(recorder.month(other, ["read"]).count).toBe(1);
});

test("forget drops a resource's history; prune drops streams past retention", ({ expect }) => {
  let now = START;
  const recorder = new MetricsRecorder({ clock: { now: () => now } });
  const index = { kind: "vector", id: "docs" } as const;
  recorder.record({ resource: index, op: "query", latencyMs: 1, bytesIn: 0, bytesOut: 0 });
  recorder.forget(index);
  expect(recorder.resources.size).toBe(0);
  recorder.record({ resource: index, op: "query", latencyMs: 1, bytesIn: 0, bytesOut: 0 });
  // Two months on, nothing is kept.
  now += 62 * 24 * 3_600_000;
  recorder.prune();
  expect(recorder.resources.size).toBe(0);
});
