import { test } from "vitest";
import { RateMeter } from "./rate.ts";

test("averages completed seconds of the window", ({ expect }) => {
  const meter = new RateMeter(5);
  for (let second = 0; second < 5; second++) {
    meter.record(second * 1000 + 10, 10);
  }
  // The current second (5) is still filling and not counted.
  meter.record(5_500, 100);
  expect(meter.perSecond(5_600)).toBe(10);
  // Later, old seconds leave the window.
  expect(meter.perSecond(20_000)).toBe(0);
});
