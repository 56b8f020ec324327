/**
 * Stats views over recorded samples with known latencies (`spec/management-api.md` §6.3, §6.4):
 * mean and p99 per point, throughput, the vector count gauge, monthly totals and cost.
 */
import { parseGoTime } from "@stratus/core/schemas";
import { test } from "vitest";
import { ManualClock } from "../../src/engine/index.ts";
import { databaseStats, vectorStats } from "../../src/management/stats.ts";
import { MetricsRecorder } from "../../src/metrics/recorder.ts";

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 2, 10, 0, 20);

test("latency mean and p99 per minute come from the samples of that minute", ({ expect }) => {
  const clock = new ManualClock(START);
  const recorder = new MetricsRecorder({ clock });
  const resource = { kind: "redis", id: "cache" } as const;
  // Minute 0: 99 fast reads (1 ms) and one slow one (200 ms).
  for (let i = 0; i < 99; i++) {
    recorder.record({ resource, op: "read", latencyMs: 1, bytesIn: 10, bytesOut: 5 });
  }
  recorder.record({ resource, op: "read", latencyMs: 200, bytesIn: 10, bytesOut: 5 });
  // Minute 3: ten writes of 3 commands each, 8 ms each.
  clock.advance(3 * MINUTE);
  for (let i = 0; i < 10; i++) {
    recorder.record({ resource, op: "write", count: 3, latencyMs: 8, bytesIn: 1, bytesOut: 1 });
  }
  const stats = databaseStats({ recorder, resource, period: "1h", plan: "payg" }, { keyCount: 7 });
  const at = (series: { x: string; y: number }[] | undefined, ms: number): number =>
    series?.find((point) => parseGoTime(point.x) === ms)?.y ?? Number.NaN;
  const minute0 = Math.floor(START / MINUTE) * MINUTE;
  const minute3 = minute0 + 3 * MINUTE;
  expect(at(stats.read_latency_mean, minute0)).toBeCloseTo((99 + 200) / 100);
  // p99 of 100 samples is the 99th: a fast one; within the histogram's resolution.
  expect(at(stats.read_latency_99, minute0)).toBeCloseTo(1, 0);
  expect(at(stats.write_latency_mean, minute3)).toBeCloseTo(8);
  expect(at(stats.write_latency_99, minute3)).toBeGreaterThan(8 * 0.94);
  expect(at(stats.write_latency_99, minute3)).toBeLessThan(8 * 1.06);
  expect(at(stats.latencymean, minute3)).toBeCloseTo(8);
  expect(at(stats.read, minute0)).toBe(100);
  expect(at(stats.write, minute3)).toBe(30);
  expect(at(stats.throughput, minute3)).toBeCloseTo(30 / 60);
  expect(at(stats.latencymean, minute0 + MINUTE)).toBe(0);
  expect(stats).toMatchObject({
    daily_read_requests: 100,
    daily_write_requests: 30,
    total_monthly_requests: 130,
    total_monthly_bandwidth: 100 * 15 + 10 * 2,
  });
  expect(stats.keyspace?.at(-1)?.y).toBe(7);
});

test("vector stats: p99 reflects the slow tail, the vector count is a gauge", ({ expect }) => {
  const clock = new ManualClock(START);
  const recorder = new MetricsRecorder({ clock });
  const resource = { kind: "vector", id: "docs" } as const;
  const levels = { vectorCount: 10, pendingVectorCount: 2, storageBytes: 4096 };
  vectorStats({ recorder, resource, period: "1h", plan: "payg" }, levels);
  clock.advance(10 * MINUTE);
  for (let i = 0; i < 50; i++) {
    recorder.record({ resource, op: "query", latencyMs: i < 45 ? 2 : 50, bytesIn: 1, bytesOut: 1 });
  }
  recorder.record({ resource, op: "upsert", count: 5, latencyMs: 4, bytesIn: 100, bytesOut: 3 });
  const stats = vectorStats(
    { recorder, resource, period: "1h", plan: "payg" },
    { ...levels, vectorCount: 15 },
  );
  const last = <TPoint extends { y: number }>(series: TPoint[] | undefined): number =>
    series?.at(-1)?.y ?? Number.NaN;
  expect(last(stats.query_latency_mean)).toBeCloseTo((45 * 2 + 5 * 50) / 50);
  expect(last(stats.query_latency_99)).toBeGreaterThan(45);
  expect(last(stats.update_latency_mean)).toBeCloseTo(4);
  expect(stats).toMatchObject({
    daily_query_count: 50,
    daily_update_count: 5,
    pending_index_count: 2,
    current_vector_count: 15,
    storage_usage: 4096,
  });
  // The gauge shows 10 ten minutes ago and 15 now.
  const counts = stats.vector_count ?? [];
  expect(counts.at(-1)?.y).toBe(15);
  expect(counts.at(-11)?.y).toBe(10);
  expect(counts.at(-12)?.y).toBe(0);
  // 51 requests at $0.4 per 100k plus 4096 bytes at $0.25/GB (management/pricing.ts).
  expect(stats.monthly_cost).toBeCloseTo((51 / 100_000) * 0.4 + (4096 / 1e9) * 0.25, 6);
});
