/**
 * C `long double` arithmetic for INCRBYFLOAT and HINCRBYFLOAT (src/util.c `string2ld`, `ld2string`),
 * in one place so both commands parse, add and print exactly alike.
 *
 * Redis does these increments in C `long double`, the x87 80-bit format on x86-64 (a 64-bit
 * mantissa with an explicit integer bit), so `0.1 + 0.2` is `0.3` where doubles give
 * `0.30000000000000004`. We emulate that format exactly with bigints: `±mantissa × 2^exponent`
 * with `mantissa < 2^64`.
 */
export type LongDouble =
  | {
      readonly finite: true;
      readonly negative: boolean;
      readonly mantissa: bigint;
      readonly exponent: number;
    }
  | { readonly finite: false };

export type FiniteLongDouble = Extract<LongDouble, { finite: true }>;

const LD_MANTISSA_BITS = 64;
/** The exponent of the least significant mantissa bit of the smallest subnormal (2^-16445). */
const LD_MIN_EXPONENT = -16445;
/** The largest finite value is (2^64 - 1) × 2^16320, just under 2^16384. */
const LD_MAX_EXPONENT = 16320;
const TWO_POW_64 = 1n << 64n;
/** string2ld refuses texts of MAX_LONG_DOUBLE_CHARS (5 KiB) or more. */
const MAX_LONG_DOUBLE_CHARS = 5 * 1024;
/** `%.17Lf`: the human-friendly format of createStringObjectFromLongDouble. */
const FRACTION_DIGITS = 17;
const FRACTION_SCALE = 10n ** BigInt(FRACTION_DIGITS);

// strtold's syntax: decimal or hexadecimal with optional exponent, `inf`/`infinity` in any case.
const DECIMAL_FLOAT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/;
const INFINITY_TEXT = /^[+-]?inf(?:inity)?$/i;

export const LD_ZERO: FiniteLongDouble = {
  finite: true,
  negative: false,
  mantissa: 0n,
  exponent: 0,
};

/**
 * string2ld (src/util.c): strtold over the whole text, refusing leading spaces, trailing garbage,
 * NaN, and values that overflow or underflow to zero (ERANGE).
 */
export function parseLongDouble(text: string): LongDouble | undefined {
  if (text.length === 0 || text.length >= MAX_LONG_DOUBLE_CHARS) {
    return undefined;
  }
  if (INFINITY_TEXT.test(text)) {
    return { finite: false };
  }
  const hex = HEX_FLOAT.exec(text);
  if (hex !== null) {
    const [, sign = "", whole = "", fraction = "", exponent = "0"] = hex;
    return parseDigits({
      negative: sign === "-",
      digits: whole + fraction,
      radix: 16,
      // Each hexadecimal fraction digit is four bits.
      exponent: parseExponent(exponent) - 4 * fraction.length,
    });
  }
  const decimal = DECIMAL_FLOAT.exec(text);
  if (decimal !== null) {
    const [, sign = "", whole = "", fraction = "", exponent = "0"] = decimal;
    return parseDigits({
      negative: sign === "-",
      digits: whole + fraction,
      radix: 10,
      exponent: parseExponent(exponent) - fraction.length,
    });
  }
  return undefined;
}

/** An exponent's value; absurd lengths become ±1e9, far outside any representable magnitude. */
function parseExponent(text: string): number {
  const negative = text.startsWith("-");
  const digits = text.replace(/^[+-]?0*/, "");
  const magnitude = digits.length > 8 ? 1e9 : Number(digits);
  return negative ? -magnitude : magnitude;
}

/** `digits × radix^exponent` (radix 16 exponents are powers of two), rounded to a long double. */
function parseDigits(number: {
  negative: boolean;
  digits: string;
  radix: 10 | 16;
  exponent: number;
}): LongDouble | undefined {
  if (number.digits.length === 0) {
    return undefined;
  }
  const significant = number.digits.replace(/^0+/, "");
  if (significant.length === 0) {
    // Zero is exact whatever the exponent, so strtold sets no ERANGE.
    return { ...LD_ZERO, negative: number.negative };
  }
  let rounded: LongDouble;
  if (number.radix === 16) {
    const magnitude = significant.length * 4 + number.exponent;
    if (magnitude > 16400 || magnitude < -16460) {
      return undefined;
    }
    rounded = roundLongDouble({
      negative: number.negative,
      numerator: BigInt(`0x${significant}`),
      denominator: 1n,
      exponent: number.exponent,
    });
  } else {
    // The value lies in [10^(magnitude-1), 10^magnitude): skip exact work when it is clearly
    // beyond the largest long double (~1.19e4932) or below half the smallest (~3.6e-4951).
    const magnitude = significant.length + number.exponent;
    if (magnitude > 4934 || magnitude < -4950) {
      return undefined;
    }
    const mantissa = BigInt(significant);
    const scale = 10n ** BigInt(Math.abs(number.exponent));
    rounded = roundLongDouble({
      negative: number.negative,
      numerator: number.exponent >= 0 ? mantissa * scale : mantissa,
      denominator: number.exponent >= 0 ? 1n : scale,
      exponent: 0,
    });
  }
  // Overflow to infinity or underflow to zero is ERANGE, which string2ld refuses.
  return rounded.finite && rounded.mantissa !== 0n ? rounded : undefined;
}

/**
 * Rounds `numerator / denominator × 2^exponent` to the nearest long double (ties to even), with
 * gradual underflow to subnormals and overflow to infinity, as the x87 unit does.
 */
function roundLongDouble(value: {
  negative: boolean;
  numerator: bigint;
  denominator: bigint;
  exponent: number;
}): LongDouble {
  const { negative, numerator, denominator } = value;
  // Choose `shift` so that the quotient has 64 significant bits (or fewer for subnormals).
  let shift = bitLength(numerator) - bitLength(denominator) - LD_MANTISSA_BITS;
  shift = Math.max(shift, LD_MIN_EXPONENT - value.exponent);
  let division = divideScaled(numerator, denominator, shift);
  if (division.quotient >= TWO_POW_64) {
    shift += 1;
    division = divideScaled(numerator, denominator, shift);
  }
  let { quotient } = division;
  const twiceRemainder = division.remainder * 2n;
  if (
    twiceRemainder > division.divisor ||
    (twiceRemainder === division.divisor && (quotient & 1n) === 1n)
  ) {
    quotient += 1n;
    if (quotient === TWO_POW_64) {
      quotient >>= 1n;
      shift += 1;
    }
  }
  const exponent = value.exponent + shift;
  if (exponent > LD_MAX_EXPONENT) {
    return { finite: false };
  }
  return { finite: true, negative, mantissa: quotient, exponent };
}

/** floor(numerator / (denominator × 2^shift)) with its remainder and divisor. */
function divideScaled(
  numerator: bigint,
  denominator: bigint,
  shift: number,
): { quotient: bigint; remainder: bigint; divisor: bigint } {
  const scaledNumerator = shift < 0 ? numerator << BigInt(-shift) : numerator;
  const divisor = shift > 0 ? denominator << BigInt(shift) : denominator;
  return {
    quotient: scaledNumerator / divisor,
    remainder: scaledNumerator % divisor,
    divisor,
  };
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** The sum rounded once, as `value += incr` in long double; undefined for NaN or infinity. */
export function addLongDouble(a: LongDouble, b: LongDouble): FiniteLongDouble | undefined {
  if (!(a.finite && b.finite)) {
    return undefined;
  }
  if (a.mantissa === 0n || b.mantissa === 0n) {
    if (a.mantissa !== 0n || b.mantissa !== 0n) {
      return a.mantissa === 0n ? b : a;
    }
    // IEEE: -0 + -0 is -0, any other sum of zeros is +0.
    return { ...LD_ZERO, negative: a.negative && b.negative };
  }
  const exponent = Math.min(a.exponent, b.exponent);
  const signed = (x: FiniteLongDouble): bigint =>
    (x.negative ? -x.mantissa : x.mantissa) << BigInt(x.exponent - exponent);
  const sum = signed(a) + signed(b);
  if (sum === 0n) {
    return LD_ZERO;
  }
  const rounded = roundLongDouble({
    negative: sum < 0n,
    numerator: sum < 0n ? -sum : sum,
    denominator: 1n,
    exponent,
  });
  return rounded.finite ? rounded : undefined;
}

/**
 * ld2string(LD_STR_HUMAN): glibc's exact `%.17Lf` (round half to even), then trailing zeros and a
 * trailing dot removed, and `-0` written as `0`.
 */
export function formatLongDouble(value: FiniteLongDouble): string {
  let text: string;
  if (value.exponent >= 0) {
    text = (value.mantissa << BigInt(value.exponent)).toString();
  } else {
    const shift = BigInt(-value.exponent);
    const scaled = value.mantissa * FRACTION_SCALE;
    let units = scaled >> shift;
    const remainder = scaled - (units << shift);
    const half = 1n << (shift - 1n);
    if (remainder > half || (remainder === half && (units & 1n) === 1n)) {
      units += 1n;
    }
    const fraction = (units % FRACTION_SCALE)
      .toString()
      .padStart(FRACTION_DIGITS, "0")
      .replace(/0+$/, "");
    const whole = (units / FRACTION_SCALE).toString();
    text = fraction.length === 0 ? whole : `${whole}.${fraction}`;
  }
  return value.negative && text !== "0" ? `-${text}` : text;
}
