import { fc, test } from "@fast-check/vitest";
import { test as unitTest } from "vitest";
import { efForSize } from "./approximate.ts";

unitTest("the default ef is 128 up to 100,000 vectors and 256 at 1,000,000", ({ expect }) => {
  expect(efForSize(0)).toBe(128);
  expect(efForSize(100_000)).toBe(128);
  expect(efForSize(1_000_000)).toBe(256);
  expect(efForSize(10_000_000)).toBe(384);
});

test.prop([fc.nat({ max: 100_000_000 }), fc.nat({ max: 100_000_000 })])(
  "the default ef never falls as a namespace grows",
  (left, right) => {
    const [small, large] = left <= right ? [left, right] : [right, left];
    return efForSize(small) <= efForSize(large);
  },
);
