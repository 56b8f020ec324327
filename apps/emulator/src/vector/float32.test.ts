/**
 * The fast shortest-float32 formatting against the specification's own algorithm
 * (vector-rest-wire.md §1.4): the same JSON text for every kind of float32.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { shortestByStrings, toFloat32Json } from "./float32.ts";

const view = new Float32Array(1);
const bitsView = new Uint32Array(view.buffer);

function fromBits(bits: number): number {
  bitsView[0] = bits >>> 0;
  return view[0] as number;
}

function bitsOf(value: number): number {
  view[0] = value;
  return bitsView[0] as number;
}

/** Both written as JSON, the way they reach the wire. */
function bothWritten(value: number): { fast: string; reference: string } {
  const single = Math.fround(value);
  return {
    fast: JSON.stringify(toFloat32Json(value)),
    reference: JSON.stringify(single === 0 ? 0 : shortestByStrings(single)),
  };
}

function writesLikeReference(value: number): boolean {
  const { fast, reference } = bothWritten(value);
  return fast === reference;
}

/** Every finite float32 bit pattern: normal, subnormal, ±0, either sign. */
const finiteFloat32 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .map(fromBits)
  .filter((value) => Number.isFinite(value));

fcTest.prop([finiteFloat32], { numRuns: 50_000 })(
  "random float32 bit patterns are written as the specification writes them",
  writesLikeReference,
);

fcTest.prop([fc.float({ noNaN: true, noDefaultInfinity: true })], { numRuns: 20_000 })(
  "fast-check's float32s, biased to edge values, too",
  writesLikeReference,
);

fcTest.prop([fc.float({ min: -1, max: 1, noNaN: true })], { numRuns: 20_000 })(
  "vector components in [-1, 1]",
  writesLikeReference,
);

fcTest.prop([fc.integer({ min: -(2 ** 24), max: 2 ** 24 }), fc.integer({ min: 0, max: 60 })], {
  numRuns: 20_000,
})(
  "dyadic values, where decimal halves (toPrecision rounds them up) are common",
  (numerator, shift) => writesLikeReference(numerator / 2 ** shift),
);

fcTest.prop([fc.integer({ min: -46, max: 38 }), fc.integer({ min: -64, max: 64 })], {
  numRuns: 20_000,
})("float32s a few ulps from a power of ten", (exponent, ulps) => {
  const value = fromBits(bitsOf(10 ** exponent) + ulps);
  return !Number.isFinite(value) || writesLikeReference(value);
});

fcTest.prop([fc.integer({ min: 1, max: 254 }), fc.integer({ min: -3, max: 3 })], { numRuns: 5000 })(
  "float32s next to a power of two, where the rounding interval is lopsided",
  (biasedExponent, ulps) => {
    const value = fromBits(biasedExponent * 2 ** 23 + ulps);
    return !Number.isFinite(value) || writesLikeReference(value);
  },
);

test("edge values and known examples", ({ expect }) => {
  const examples = [
    0,
    -0,
    fromBits(1), // smallest subnormal
    fromBits(0x7fffff), // largest subnormal
    fromBits(0x800000), // smallest normal
    fromBits(0x7f7fffff), // largest finite
    -fromBits(0x7f7fffff),
    0.1,
    1 / 30,
    0.125,
    1e-4,
    1e9,
    2 ** 53,
    16777216,
    3.4028234663852886e38,
  ];
  for (const value of examples) {
    const { fast, reference } = bothWritten(value);
    expect(fast, String(value)).toBe(reference);
  }
  expect(toFloat32Json(1 / 30)).toBe(0.033333335);
  expect(JSON.stringify(toFloat32Json(-0))).toBe("0");
  expect(toFloat32Json(fromBits(1))).toBe(1e-45);
});

test("a stride through all 2^32 bit patterns", ({ expect }) => {
  // Every 65 537th pattern: about 65 000 values spread over every exponent and both signs.
  for (let bits = 0; bits < 2 ** 32; bits += 65_537) {
    const value = fromBits(bits);
    if (Number.isFinite(value)) {
      const { fast, reference } = bothWritten(value);
      expect(fast, `bits ${bits.toString(16)}`).toBe(reference);
    }
  }
});
