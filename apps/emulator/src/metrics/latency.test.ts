import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { binOf, binValue, LatencyHistogram } from "./latency.ts";

test("mean is exact and p99 picks the 99th percentile's bin", ({ expect }) => {
  const histogram = new LatencyHistogram();
  for (let ms = 1; ms <= 100; ms++) {
    histogram.record(ms);
  }
  expect(histogram.count).toBe(100);
  expect(histogram.meanMs()).toBeCloseTo(50.5);
  // Within the histogram's ~6 % resolution.
  expect(histogram.percentileMs(0.99)).toBeGreaterThan(99 * 0.94);
  expect(histogram.percentileMs(0.99)).toBeLessThan(99 * 1.06);
});

test("an empty histogram reports zeros; bad samples count as 0 ms", ({ expect }) => {
  const histogram = new LatencyHistogram();
  expect([histogram.meanMs(), histogram.percentileMs(0.99)]).toEqual([0, 0]);
  histogram.record(Number.NaN);
  histogram.record(-3);
  expect([histogram.count, histogram.meanMs(), histogram.percentileMs(0.99)]).toEqual([2, 0, 0]);
});

test("merging equals recording everything in one histogram", ({ expect }) => {
  const [a, b, all] = [new LatencyHistogram(), new LatencyHistogram(), new LatencyHistogram()];
  for (let i = 0; i < 500; i++) {
    const ms = (i * 37) % 250;
    (i % 2 === 0 ? a : b).record(ms);
    all.record(ms);
  }
  a.merge(b);
  expect([a.count, a.sumMs, [...a.bins].sort()]).toEqual([
    all.count,
    all.sumMs,
    [...all.bins].sort(),
  ]);
});

fcTest.prop([fc.integer({ min: 0, max: 3_600_000_000 })])(
  "every value falls in a bin whose middle is within 1/16 of it",
  (micros) => {
    const middle = binValue(binOf(micros));
    return Math.abs(middle - micros) <= Math.max(0.5, micros / 16);
  },
);
