import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { downsample, SPARK_LEVELS, sparkline, summarize } from "./sparkline.ts";

test("scales from zero to the peak", ({ expect }) => {
  expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe("▁▂▃▄▅▆▇█");
  expect(sparkline([0, 0, 0], 3)).toBe("▁▁▁");
  expect(sparkline([5, 5], 2)).toBe("██");
});

test("down-sampling keeps a short spike visible", ({ expect }) => {
  const values = Array.from({ length: 240 }, (_, i) => (i === 101 ? 100 : 1));
  expect(downsample(values, 40)).toContain(100);
  expect(sparkline(values, 40)).toContain("█");
});

fcTest.prop([
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true })),
  fc.integer({ min: 1, max: 200 }),
])("never wider than asked, only block characters", (values, width) => {
  const line = sparkline(values, width);
  return (
    [...line].length === Math.min(values.length, width) &&
    [...line].every((char) => (SPARK_LEVELS as readonly string[]).includes(char))
  );
});

test("summarize", ({ expect }) => {
  expect(summarize([])).toEqual({ min: 0, max: 0, last: 0, mean: 0 });
  expect(summarize([1, 3, 2])).toEqual({ min: 1, max: 3, last: 2, mean: 2 });
});
