/**
 * Float32 arithmetic and formatting as the vector service does it (vector-rest-wire.md §1.4, §4).
 */

/** Rounds to float32, as the service does after every arithmetic step (§4.1). */
export const f32 = Math.fround;

/**
 * The shortest decimal that rounds back to the same float32, as a JSON-ready number
 * (vector-rest-wire.md §1.4): clients compare against `0.033333335`, not the float64 expansion
 * `0.03333333507180214` of the same float32.
 */
export function toFloat32Json(value: number): number {
  if (!Number.isFinite(value) || value === 0) {
    return value === 0 ? 0 : value;
  }
  const single = f32(value);
  const digits = shortestDigits(single);
  const written = Number(single.toPrecision(digits));
  // The search below works in float64 arithmetic; the decimal it picked is checked exactly here.
  return f32(written) === single && !roundTrips(single, digits - 1)
    ? written
    : shortestByStrings(single);
}

/** Powers of ten as doubles, 10^-45 … 10^54: the scales a float32 needs. */
const POWERS_OF_TEN = Array.from({ length: 100 }, (_, i) => 10 ** (i - 45));

function powerOfTen(exponent: number): number {
  return POWERS_OF_TEN[exponent + 45] as number;
}

/**
 * Whether `digits` significant decimal digits of `single` round back to it, computed in float64:
 * the rounded decimal is within a few float64 ulps of exact, far inside a float32's rounding
 * interval, so the answer differs from the exact one only for decimals within those few ulps of
 * an interval's edge (checked by the caller).
 */
function roundTrips(single: number, digits: number): boolean {
  if (digits < 1) {
    return false;
  }
  const magnitude = Math.abs(single);
  let exponent = Math.floor(Math.log10(magnitude));
  if (powerOfTen(exponent) > magnitude) {
    exponent--;
  } else if (powerOfTen(exponent + 1) <= magnitude) {
    exponent++;
  }
  const scale = digits - 1 - exponent;
  // Halves round up in magnitude, as toPrecision does.
  const rounded = Math.round(magnitude * powerOfTen(scale));
  return f32(scale >= 0 ? rounded / powerOfTen(scale) : rounded * powerOfTen(-scale)) === magnitude;
}

/**
 * The fewest digits that round-trip. If p digits do, so do p + 1 (the p-digit decimal is also a
 * (p+1)-digit one, and the nearest (p+1)-digit decimal is no farther), so a binary search works.
 */
function shortestDigits(single: number): number {
  let low = 1;
  let high = 9;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (roundTrips(single, middle)) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

/** The specification's algorithm (vector-rest-wire.md §1.4), exact and slower. */
export function shortestByStrings(single: number): number {
  for (let precision = 1; precision <= 9; precision++) {
    const shortest = Number(single.toPrecision(precision));
    if (f32(shortest) === single) {
      return shortest;
    }
  }
  return single;
}

/** {@link toFloat32Json} of every element. */
export function float32ArrayToJson(values: ArrayLike<number>): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    out[i] = toFloat32Json(values[i] as number);
  }
  return out;
}
