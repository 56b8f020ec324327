/**
 * Float32 arithmetic and formatting as the vector service does it (vector-rest-wire.md §1.4, §4).
 */

/** Rounds to float32, as the service does after every arithmetic step (§4.1). */
export const f32 = Math.fround;

/**
 * The shortest decimal that rounds back to the same float32, as a JSON-ready number
 * (vector-rest-wire.md §1.4): clients compare against `0.033333335`, not the float64 expansion
 * `0.03333333507180214` of the same float32.
 *
 * The specification's algorithm ({@link shortestByStrings}) asks `toPrecision(p)` for p = 1 … 9,
 * each a correctly rounded decimal with halves rounded up, and keeps the first that
 * `Math.fround(Number(s))` maps back. The same decimals follow from one exact number: the float32
 * scaled to nine significant digits, `x · 10^k = I + f` with 10^8 ≤ I < 10^9. The p-digit decimal
 * is I with its last 9 − p digits rounded off (a half-up decision on integers alone, since 10^j / 2
 * is an integer), and for p = 9 it is I, plus one when f ≥ 1/2. The double `Number(s)` gives is
 * one correctly rounded multiply or divide of exact operands. No string is built: a bounded number
 * of double operations for the usual magnitudes ({@link shortestCommon}), exact integers
 * (BigInt) only for magnitudes below 1e-14 or from 2^53 up.
 */
export function toFloat32Json(value: number): number {
  const single = f32(value);
  if (single === 0 || !Number.isFinite(single)) {
    // ±0 is written `0`; non-finite values never reach the wire (inputs are finite numbers).
    return single === 0 ? 0 : single;
  }
  const magnitude = Math.abs(single);
  const fast = shortestCommon(magnitude);
  const shortest = Number.isNaN(fast) ? shortestMagnitude(magnitude) : fast;
  return single < 0 ? -shortest : shortest;
}

/** {@link toFloat32Json} of every element. */
export function float32ArrayToJson(values: ArrayLike<number>): number[] {
  const length = values.length;
  const out = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    out[i] = toFloat32Json(values[i] as number);
  }
  return out;
}

/** The specification's algorithm (vector-rest-wire.md §1.4), exact and slow: the reference. */
export function shortestByStrings(single: number): number {
  for (let precision = 1; precision <= 9; precision++) {
    const shortest = Number(single.toPrecision(precision));
    if (f32(shortest) === single) {
      return shortest;
    }
  }
  return single;
}

// ── exact scaling ────────────────────────────────────────────────────────────────────────────────

/** 10^0 … 10^22: every one is exact as a double (5^22 < 2^53). */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);
const MAX_EXACT_POWER = 22;
/** 10^-j, rounded, and the offsets that make ⌊integer · 10^-j + offset⌋ round halves up. */
const INVERSE_POWERS_OF_TEN = EXACT_POWERS_OF_TEN.map((power) => 1 / power);
const HALF_UP_OFFSETS = EXACT_POWERS_OF_TEN.map((power) => 0.5 + 0.5 / power);

/**
 * Powers of ten cut in two for an exact product with a float32: `10^k = high + low`, `high` the top
 * 29 significant bits and `low` the rest (at most 24 bits), so a 24-bit significand times either
 * fits a double's 53 bits.
 */
const SPLIT_HIGH = EXACT_POWERS_OF_TEN.map((power) => {
  const droppedBits = Math.max(0, Math.floor(Math.log2(power)) + 1 - 29);
  const unit = 2 ** droppedBits;
  return Math.floor(power / unit) * unit;
});
const SPLIT_LOW = EXACT_POWERS_OF_TEN.map((power, k) => power - (SPLIT_HIGH[k] as number));

const NINE_DIGITS_MIN = 1e8;
const NINE_DIGITS_END = 1e9;
const LOG10_OF_2 = Math.log10(2);
/**
 * How near a midpoint, relative to x, a candidate must be for the specification's parse to a
 * double to matter (2^-53 of it); 2^-50 leaves room to spare.
 */
const NEAR_MIDPOINT = 2 ** -50;
/** Half an ulp of a normal float32 with this biased exponent: 2^(e − 151). */
const POWERS_OF_TWO = Array.from({ length: 255 }, (_, biased) => 2 ** (biased - 151));

/** Reused by {@link scaleToNineDigits}: the result of one scaling, without an allocation. */
let scaledInteger = 0;
let scaledHasHalf = false;

/** The float32 bits of `magnitude`, read through a shared view. */
const bitsView = new Float32Array(1);
const bitsOf = new Uint32Array(bitsView.buffer);

/**
 * Sets {@link scaledInteger} to ⌊magnitude · 10^k⌋ and {@link scaledHasHalf} to whether the
 * fraction left is at least 1/2, exactly, when a double computation is provably exact; returns
 * false otherwise (the caller then uses integers of any size).
 */
function scaleWithDoubles(magnitude: number, k: number): boolean {
  if (k >= 0) {
    if (k <= 12) {
      // 5^12 < 2^28, so the 24-bit significand times 10^k has at most 52 bits: exact.
      const scaled = magnitude * (EXACT_POWERS_OF_TEN[k] as number);
      scaledInteger = Math.floor(scaled);
      scaledHasHalf = scaled - scaledInteger >= 0.5;
      return true;
    }
    if (k > MAX_EXACT_POWER) {
      return false;
    }
    // Two exact products; their sum is split into integer and fraction parts exactly.
    const high = magnitude * (SPLIT_HIGH[k] as number);
    const low = magnitude * (SPLIT_LOW[k] as number);
    const highInteger = Math.floor(high);
    const lowInteger = Math.floor(low);
    const highFraction = high - highInteger;
    const lowFraction = low - lowInteger;
    // Knuth's two-sum: sum + error is exactly highFraction + lowFraction, in [0, 2).
    const sum = highFraction + lowFraction;
    const lowPart = sum - highFraction;
    const error = highFraction - (sum - lowPart) + (lowFraction - lowPart);
    const carry = isAtLeast(sum, error, 1) ? 1 : 0;
    scaledInteger = highInteger + lowInteger + carry;
    scaledHasHalf = isAtLeast(sum, error, carry + 0.5);
    return true;
  }
  if (magnitude >= 2 ** 53 || -k > MAX_EXACT_POWER) {
    return false;
  }
  // At least 10^9 > 2^24, so the float32 is an integer below 2^53: integer division, corrected.
  const divisor = EXACT_POWERS_OF_TEN[-k] as number;
  let quotient = Math.floor(magnitude / divisor);
  let remainder = magnitude - quotient * divisor;
  if (remainder < 0) {
    quotient--;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient++;
    remainder -= divisor;
  }
  scaledInteger = quotient;
  scaledHasHalf = remainder * 2 >= divisor;
  return true;
}

/** Whether `sum + error` (a rounded sum and its exact error) is at least `bound`, exactly. */
function isAtLeast(sum: number, error: number, bound: number): boolean {
  return sum > bound || (sum === bound && error >= 0);
}

/** {@link scaleWithDoubles} for every float32: exact integer arithmetic of any size. */
function scaleWithBigInts(magnitude: number, k: number): void {
  bitsView[0] = magnitude;
  const bits = bitsOf[0] as number;
  const biasedExponent = bits >>> 23;
  const significand = biasedExponent === 0 ? bits & 0x7fffff : (bits & 0x7fffff) | 0x800000;
  const exponent = biasedExponent === 0 ? -149 : biasedExponent - 150;
  let numerator = BigInt(significand);
  let denominator = 1n;
  if (exponent >= 0) {
    numerator <<= BigInt(exponent);
  } else {
    denominator <<= BigInt(-exponent);
  }
  if (k >= 0) {
    numerator *= 10n ** BigInt(k);
  } else {
    denominator *= 10n ** BigInt(-k);
  }
  const remainder = numerator % denominator;
  scaledInteger = Number(numerator / denominator);
  scaledHasHalf = remainder * 2n >= denominator;
}

/**
 * Scales to nine significant digits and returns the decimal exponent E of `magnitude`
 * (10^E ≤ magnitude < 10^(E+1)); the digits are left in {@link scaledInteger}.
 */
function scaleToNineDigits(magnitude: number): number {
  // magnitude ∈ [2^b, 2^(b+1)) puts E at ⌊b·log10 2⌋ or one above; the scaled integer tells which.
  const binaryExponent = Math.floor(Math.log2(magnitude));
  let decimalExponent = Math.floor(binaryExponent * LOG10_OF_2);
  for (let attempt = 0; attempt < 3; attempt++) {
    const k = 8 - decimalExponent;
    if (!scaleWithDoubles(magnitude, k)) {
      scaleWithBigInts(magnitude, k);
    }
    if (scaledInteger >= NINE_DIGITS_END) {
      decimalExponent++;
    } else if (scaledInteger < NINE_DIGITS_MIN) {
      decimalExponent--;
    } else {
      return decimalExponent;
    }
  }
  throw new Error(`float32 formatting: no decimal exponent found for ${magnitude}`);
}

/** The double `Number(\`${digits}e${exponent}\`)` gives, without the string when it is exact. */
function decimalToDouble(digits: number, exponent: number): number {
  if (exponent >= 0 && exponent <= MAX_EXACT_POWER) {
    return digits * (EXACT_POWERS_OF_TEN[exponent] as number);
  }
  if (exponent < 0 && exponent >= -MAX_EXACT_POWER) {
    return digits / (EXACT_POWERS_OF_TEN[-exponent] as number);
  }
  return Number(`${digits}e${exponent}`);
}

/**
 * {@link shortestMagnitude} for normal magnitudes in [1e-4, 1e9), where nearly every vector
 * component and score lies, without a string or a loop of divisions.
 *
 * Everything is measured in units of 10^-k (x · 10^k has nine integer digits), where every
 * quantity below is an exact double: x · 10^k (the 24-bit significand times 5^k ≤ 5^12 fits 53
 * bits), the two midpoints between x and its float32 neighbours (25-bit and 26-bit numerators
 * times 5^k), and each p-digit candidate (an integer below 2^31). A candidate round-trips when it
 * lies between the midpoints. Only near a midpoint does the exact rule matter (ties go to the even
 * significand) and so does the specification's parse of the decimal to a double before rounding
 * to float32, which moves a candidate by up to 2^-53 of itself: candidates that near a midpoint
 * are checked the specification's way, with `Math.fround` of the parsed double.
 *
 * Candidates come nearer to x as p grows (each is the nearest p-digit decimal, and p-digit
 * decimals are (p+1)-digit ones). With equal rounding intervals on both sides, which every
 * float32 but a power of two has, round-tripping is then upward closed in p: if six digits do
 * not round-trip, fewer do not either.
 *
 * NaN outside the range; the caller then takes the general path.
 */
function shortestCommon(magnitude: number): number {
  if (!(magnitude >= 1e-4 && magnitude < NINE_DIGITS_END)) {
    return Number.NaN;
  }
  bitsView[0] = magnitude;
  const bits = bitsOf[0] as number;
  const biasedExponent = bits >>> 23;
  const fraction = bits & 0x7fffff;
  // magnitude ∈ [2^b, 2^(b+1)) puts E at ⌊b·log10 2⌋ or one above.
  let decimalExponent = Math.floor((biasedExponent - 127) * LOG10_OF_2);
  let k = 8 - decimalExponent;
  let scaled = magnitude * (EXACT_POWERS_OF_TEN[k] as number);
  if (scaled >= NINE_DIGITS_END) {
    decimalExponent++;
    k--;
    scaled = magnitude * (EXACT_POWERS_OF_TEN[k] as number);
  }
  if (k < 0 || k > 12 || scaled < NINE_DIGITS_MIN || scaled >= NINE_DIGITS_END) {
    return Number.NaN;
  }
  const power = EXACT_POWERS_OF_TEN[k] as number;
  const integer = Math.floor(scaled);
  // Half an ulp above, and below (a quarter ulp under a power of two), in units of 10^-k.
  const upperHalf = (POWERS_OF_TWO[biasedExponent] as number) * power;
  const lowerHalf = fraction === 0 ? upperHalf / 2 : upperHalf;
  const low = scaled - lowerHalf;
  const high = scaled + upperHalf;
  const nearness = scaled * NEAR_MIDPOINT;

  let precision = 1;
  if (fraction !== 0) {
    const sixDigits = nearestMultiple(integer, 3);
    if (sixDigits < low - nearness || sixDigits > high + nearness) {
      precision = 7;
    }
  }
  for (; precision <= 9; precision++) {
    const candidate =
      precision === 9
        ? scaled - integer >= 0.5
          ? integer + 1
          : integer
        : nearestMultiple(integer, 9 - precision);
    // Positive inside the round-trip interval, negative outside.
    const margin = Math.min(candidate - low, high - candidate);
    if (margin < -nearness) {
      continue;
    }
    const value = candidate / power;
    if (margin > nearness || f32(value) === magnitude) {
      return value;
    }
  }
  return magnitude;
}

/**
 * `integer` (below 2^31) rounded to a multiple of 10^digits (1 ≤ digits ≤ 8), halves up: the
 * p-digit decimal toPrecision gives, since a fraction below 1 never decides a half of 10^digits.
 * Multiplies instead of dividing: integer/10^j is a whole number plus a multiple of 10^-j, so
 * adding half a step to the usual 1/2 keeps the floor 0.5·10^-j away from any rounding error of
 * the product (below 2^-21 here).
 */
function nearestMultiple(integer: number, digits: number): number {
  const unit = EXACT_POWERS_OF_TEN[digits] as number;
  return (
    Math.floor(
      integer * (INVERSE_POWERS_OF_TEN[digits] as number) + (HALF_UP_OFFSETS[digits] as number),
    ) * unit
  );
}

/** The specification's answer for a positive finite float32. */
function shortestMagnitude(magnitude: number): number {
  const decimalExponent = scaleToNineDigits(magnitude);
  const integer = scaledInteger;
  // p digits: drop the last 9 − p digits of the nine, rounding halves up as toPrecision does.
  for (let precision = 1; precision < 9; precision++) {
    const dropped = 9 - precision;
    const unit = EXACT_POWERS_OF_TEN[dropped] as number;
    const kept = Math.floor(integer / unit);
    const digits = integer - kept * unit >= unit / 2 ? kept + 1 : kept;
    const candidate = decimalToDouble(digits, decimalExponent - precision + 1);
    if (f32(candidate) === magnitude) {
      return candidate;
    }
  }
  // Nine digits round-trip every float32; the check keeps the specification's last resort anyway.
  const candidate = decimalToDouble(scaledHasHalf ? integer + 1 : integer, decimalExponent - 8);
  return f32(candidate) === magnitude ? candidate : magnitude;
}
