import { fc, test } from "@fast-check/vitest";
import { shortestByStrings, toFloat32Json } from "./float32.ts";

test.prop([fc.float({ noNaN: true, noDefaultInfinity: true })], { numRuns: 20_000 })(
  "the fast path writes what the specification's algorithm writes",
  (value) => toFloat32Json(value) === (value === 0 ? 0 : shortestByStrings(Math.fround(value))),
);

test.prop([fc.integer({ min: -(2 ** 24), max: 2 ** 24 }), fc.integer({ min: 0, max: 40 })], {
  numRuns: 5000,
})("dyadic values, where decimal ties are common", (numerator, shift) => {
  const value = Math.fround(numerator / 2 ** shift);
  return toFloat32Json(value) === (value === 0 ? 0 : shortestByStrings(value));
});
