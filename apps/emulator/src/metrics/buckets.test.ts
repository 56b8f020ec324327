import { test } from "vitest";
import { BucketStream, DAY_MS, MINUTE_MS, THREE_HOURS_MS } from "./buckets.ts";

const START = Date.UTC(2026, 0, 31, 23, 0);
const sample = { count: 2, requests: 1, latencyMs: 5, bytesIn: 10, bytesOut: 20 };

test("a sample lands in its minute, its 3-hour bucket, its day and its month", ({ expect }) => {
  const stream = new BucketStream();
  stream.add(sample, START + 30_000);
  const minute = stream.window(START, START + MINUTE_MS, START + 30_000);
  expect(minute.tally).toEqual({ count: 2, requests: 1, bytesIn: 10, bytesOut: 20 });
  expect(minute.latency.meanMs()).toBe(5);
  expect(stream.day(Math.floor(START / DAY_MS)).count).toBe(2);
  expect(stream.threeHours.size).toBe(1);
});

test("a sample of several requests counts each, at their mean latency", ({ expect }) => {
  const stream = new BucketStream();
  stream.add({ count: 16, requests: 16, latencyMs: 8, bytesIn: 160, bytesOut: 80 }, START);
  stream.add({ count: 1, requests: 1, latencyMs: 3.5, bytesIn: 10, bytesOut: 5 }, START);
  const minute = stream.window(START, START + MINUTE_MS, START);
  expect(minute.tally).toEqual({ count: 17, requests: 17, bytesIn: 170, bytesOut: 85 });
  expect(minute.latency.count).toBe(17);
  expect(minute.latency.meanMs()).toBeCloseTo(11.5 / 17, 12);
  // 16 of the 17 samples are 0.5 ms: the median is theirs, the maximum the single request's.
  expect(minute.latency.percentileMs(0.5)).toBeCloseTo(0.5, 1);
  expect(minute.latency.percentileMs(1)).toBeGreaterThan(3);
});

test("days and months roll over at UTC midnight", ({ expect }) => {
  const stream = new BucketStream();
  stream.add(sample, START);
  // 2026-02-01 00:00 UTC: a new day and a new month.
  const next = START + 60 * MINUTE_MS;
  stream.add(sample, next);
  expect(stream.day(Math.floor(START / DAY_MS)).count).toBe(2);
  expect(stream.day(Math.floor(next / DAY_MS)).count).toBe(2);
  expect(stream.month(2026 * 12 + 0).count).toBe(2);
  expect(stream.month(2026 * 12 + 1).count).toBe(2);
});

test("memory is bounded: old minute and 3-hour buckets are dropped", ({ expect }) => {
  const stream = new BucketStream();
  // One sample a minute for 40 days.
  const minutes = 40 * 24 * 60;
  for (let i = 0; i < minutes; i++) {
    stream.add(sample, START + i * MINUTE_MS);
  }
  expect(stream.minutes.size).toBeLessThanOrEqual(7 * 24 * 60 + 169);
  expect(stream.threeHours.size).toBeLessThanOrEqual(30 * 8 + 2);
  expect(stream.days.size).toBeLessThanOrEqual(36);
  expect(stream.months.size).toBeLessThanOrEqual(2);
});

test("old windows are answered from 3-hour buckets", ({ expect }) => {
  const stream = new BucketStream();
  stream.add(sample, START);
  const now = START + 20 * DAY_MS;
  stream.add(sample, now);
  const bucketStart = Math.floor(START / THREE_HOURS_MS) * THREE_HOURS_MS;
  expect(stream.window(bucketStart, bucketStart + THREE_HOURS_MS, now).tally.count).toBe(2);
  expect(stream.minutes.has(Math.floor(START / MINUTE_MS))).toBe(false);
});

test("gauges carry their last value forward", ({ expect }) => {
  const stream = new BucketStream();
  stream.observe("vector_count", 3, START);
  stream.observe("vector_count", 7, START + 10 * MINUTE_MS);
  expect(stream.gaugeBefore("vector_count", START - MINUTE_MS)).toBeUndefined();
  expect(stream.gaugeBefore("vector_count", START + 5 * MINUTE_MS)).toBe(3);
  expect(stream.gaugeBefore("vector_count", START + 11 * MINUTE_MS)).toBe(7);
});
