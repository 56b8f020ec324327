import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";
import { ERR, ReplyError } from "../errors.ts";

/**
 * Redis does HINCRBYFLOAT in C `long double` (x87 80-bit: a 64-bit mantissa) and prints the sum
 * with `%.17Lf`, trailing zeros removed (`ld2string` LD_STR_HUMAN). A JS double would answer
 * `0.30000000000000004` for 0.1 + 0.2 where Redis answers `0.3`, so the arithmetic is done here
 * in exact integers: value = mantissa × 2^exponent, rounded to 64 bits like the FPU does.
 */
interface LongDouble {
  readonly isNegative: boolean;
  /** 0 for zero, else in [2^63, 2^64). */
  readonly mantissa: bigint;
  readonly exponent: number;
}

const MANTISSA_BITS = 64;
/** Values of 2^16384 and above overflow a long double (LDBL_MAX ≈ 1.19e4932). */
const MAX_BINARY_EXPONENT = 16384;
/** Below the smallest subnormal (2^-16445) `strtold` underflows to zero. */
const MIN_BINARY_EXPONENT = -16445;
/** `MAX_LONG_DOUBLE_CHARS`: longer arguments are refused before parsing. */
const MAX_LONG_DOUBLE_CHARS = 5 * 1024;
const ZERO: LongDouble = { isNegative: false, mantissa: 0n, exponent: 0 };

const DECIMAL = /^([+-]?)(?=\.?\d)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const HEX =
  /^([+-]?)0[xX](?=\.?[0-9a-fA-F])([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/;
const INFINITY = /^[+-]?inf(?:inity)?$/i;

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** Rounds `value × 2^exponent` to a 64-bit mantissa, ties to even; `sticky` = bits were lost. */
function normalize(
  value: bigint,
  exponent: number,
  options: { readonly isNegative: boolean; readonly sticky: boolean },
): LongDouble {
  const bits = bitLength(value);
  if (bits === 0) {
    return { isNegative: options.isNegative, mantissa: 0n, exponent: 0 };
  }
  if (bits <= MANTISSA_BITS) {
    const shift = MANTISSA_BITS - bits;
    return {
      isNegative: options.isNegative,
      mantissa: value << BigInt(shift),
      exponent: exponent - shift,
    };
  }
  const drop = BigInt(bits - MANTISSA_BITS);
  let mantissa = value >> drop;
  const remainder = value - (mantissa << drop);
  const half = 1n << (drop - 1n);
  if (remainder > half || (remainder === half && (options.sticky || (mantissa & 1n) === 1n))) {
    mantissa += 1n;
  }
  let resultExponent = exponent + Number(drop);
  if (mantissa === 1n << BigInt(MANTISSA_BITS)) {
    mantissa >>= 1n;
    resultExponent++;
  }
  return { isNegative: options.isNegative, mantissa, exponent: resultExponent };
}

/** `digits × 10^power10` as a long double (correctly rounded, as glibc's `strtold` is). */
function fromDecimal(digits: bigint, power10: number, isNegative: boolean): LongDouble {
  if (power10 >= 0) {
    return normalize(digits * 10n ** BigInt(power10), 0, { isNegative, sticky: false });
  }
  const denominator = 10n ** BigInt(-power10);
  // Scale so the quotient has at least 66 bits: 64 for the mantissa plus guard bits.
  const shift = Math.max(0, MANTISSA_BITS + 2 + bitLength(denominator) - bitLength(digits));
  const scaled = digits << BigInt(shift);
  const quotient = scaled / denominator;
  const sticky = quotient * denominator !== scaled;
  return normalize(quotient, -shift, { isNegative, sticky });
}

/**
 * `string2ld`: the whole text must be a number (`strtold` syntax: decimal, hex, inf), without
 * leading space; NaN, overflow and underflow to zero are refused. Infinity is returned as
 * `"infinity"`.
 */
function parseLongDouble(text: string): LongDouble | "infinity" | undefined {
  if (text.length === 0 || text.length >= MAX_LONG_DOUBLE_CHARS) {
    return undefined;
  }
  if (INFINITY.test(text)) {
    return "infinity";
  }
  const decimal = DECIMAL.exec(text);
  const hex = decimal === null ? HEX.exec(text) : null;
  const match = decimal ?? hex;
  if (match === null) {
    return undefined;
  }
  const isNegative = match[1] === "-";
  const whole = match[2] ?? "";
  const fraction = match[3] ?? "";
  const exponent = Number(match[4] ?? "0");
  let result: LongDouble;
  if (hex !== null) {
    const digits = BigInt(`0x${whole}${fraction}`);
    const binaryExponent = exponent - 4 * fraction.length;
    if (!Number.isFinite(binaryExponent) || Math.abs(binaryExponent) > 4 * MAX_BINARY_EXPONENT) {
      return digits === 0n ? ZERO : undefined;
    }
    result = normalize(digits, binaryExponent, { isNegative, sticky: false });
  } else {
    const digitText = `${whole}${fraction}`.replace(/^0+/, "");
    if (digitText === "") {
      return { isNegative, mantissa: 0n, exponent: 0 };
    }
    const power10 = exponent - fraction.length;
    // Decide overflow/underflow from the magnitude before building huge integers.
    const magnitude = power10 + digitText.length;
    if (!Number.isFinite(magnitude) || magnitude > 4934) {
      return undefined;
    }
    if (magnitude < -4952) {
      return undefined;
    }
    result = fromDecimal(BigInt(digitText), power10, isNegative);
  }
  if (result.mantissa !== 0n && result.exponent + MANTISSA_BITS > MAX_BINARY_EXPONENT) {
    return undefined;
  }
  if (result.mantissa !== 0n && result.exponent + MANTISSA_BITS - 1 < MIN_BINARY_EXPONENT) {
    return undefined;
  }
  return result;
}

/** a + b, rounded once, as the FPU adds. */
function add(a: LongDouble, b: LongDouble): LongDouble {
  if (a.mantissa === 0n) {
    return b.mantissa === 0n ? { ...b, isNegative: a.isNegative && b.isNegative } : b;
  }
  if (b.mantissa === 0n) {
    return a;
  }
  const exponent = Math.min(a.exponent, b.exponent);
  const aValue = a.mantissa << BigInt(a.exponent - exponent);
  const bValue = b.mantissa << BigInt(b.exponent - exponent);
  const sum = (a.isNegative ? -aValue : aValue) + (b.isNegative ? -bValue : bValue);
  return normalize(sum < 0n ? -sum : sum, exponent, { isNegative: sum < 0n, sticky: false });
}

/** `%.17Lf` with trailing zeros (and a lone `-` of `-0`) removed: `ld2string` LD_STR_HUMAN. */
function formatLongDouble(value: LongDouble): string {
  const scale = 10n ** 17n;
  let scaled: bigint;
  if (value.exponent >= 0) {
    scaled = (value.mantissa << BigInt(value.exponent)) * scale;
  } else {
    const shift = BigInt(-value.exponent);
    const numerator = value.mantissa * scale;
    scaled = numerator >> shift;
    const remainder = numerator - (scaled << shift);
    const half = 1n << (shift - 1n);
    if (remainder > half || (remainder === half && (scaled & 1n) === 1n)) {
      scaled += 1n;
    }
  }
  const digits = scaled.toString().padStart(18, "0");
  const whole = digits.slice(0, -17);
  const fraction = digits.slice(-17).replace(/0+$/, "");
  const text = fraction === "" ? whole : `${whole}.${fraction}`;
  return value.isNegative && text !== "0" ? `-${text}` : text;
}

/**
 * HINCRBYFLOAT key field increment: adds a floating point `increment` to `field` (0 when absent)
 * and returns the result; the field keeps its TTL.
 * @see https://redis.io/commands/hincrbyfloat
 */
export const hincrbyfloat = defineCommand({
  name: "HINCRBYFLOAT",
  group: "hash",
  arity: 4,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "2.6.0",
  summary:
    "Increments the floating point value of a field by a number. Uses 0 as initial value if the field doesn't exist.",
  complexity: "O(1)",
  parse: (args) => {
    const key = args.key();
    const field = args.string();
    const increment = parseLongDouble(args.string());
    if (increment === undefined) {
      throw new ReplyError(ERR.NOT_FLOAT);
    }
    if (increment === "infinity") {
      throw new ReplyError(ERR.NAN_OR_INFINITY);
    }
    return { key, field, increment };
  },
  run: (ctx, { key, field, increment }) => {
    const hash = lookupOrCreateHash(ctx, key);
    const current = hash.get(field);
    let value = ZERO;
    if (current !== undefined) {
      const parsed = parseLongDouble(current);
      if (parsed === undefined) {
        throw new ReplyError(ERR.HASH_VALUE_NOT_FLOAT);
      }
      if (parsed === "infinity") {
        throw new ReplyError(ERR.INCR_NAN_OR_INFINITY);
      }
      value = parsed;
    }
    const sum = add(value, increment);
    if (sum.mantissa !== 0n && sum.exponent + MANTISSA_BITS > MAX_BINARY_EXPONENT) {
      throw new ReplyError(ERR.INCR_NAN_OR_INFINITY);
    }
    const text = formatLongDouble(sum);
    hash.setKeepingTtl(field, text, hashLimits(ctx.server.config));
    ctx.modified(key, "hincrbyfloat", "h");
    // Logged as the resulting value, as Redis propagates it, so replay cannot round differently.
    ctx.propagate(["HSETEX", key, "KEEPTTL", "FIELDS", "1", field, text]);
    return reply.bulk(text);
  },
});
