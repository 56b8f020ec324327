/**
 * Redis's number rules for arguments and replies: `string2ll` for integers, `strtod` for doubles and
 * `%.17g` for doubles written back (src/util.c).
 */

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** `string2ll`: an optional `-`, no `+`, no leading zeros, no spaces, at most 20 characters. */
const INTEGER_SYNTAX = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * Parses a signed 64-bit integer the way Redis's `string2ll` does. Returns a number when it is
 * exactly representable, a bigint otherwise, or undefined when the text is not such an integer.
 */
export function parseIntegerArg(text: string): number | bigint | undefined {
  if (text.length === 0 || text.length > 20 || !INTEGER_SYNTAX.test(text)) {
    return undefined;
  }
  if (text.length < 16) {
    return Number(text);
  }
  const value = BigInt(text);
  if (value < INT64_MIN || value > INT64_MAX) {
    return undefined;
  }
  return Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

const DECIMAL_SYNTAX = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const INFINITY_SYNTAX = /^([+-]?)inf(?:inity)?$/i;
const HEX_SYNTAX = /^([+-]?)0[xX]([0-9a-fA-F]+)$/;

/**
 * Parses a double the way Redis's `getDoubleFromObject` does with `strtod`: the whole text must be
 * a number (no surrounding spaces), `inf`/`infinity` in any case are accepted, NaN is refused.
 */
export function parseFloatArg(text: string): number | undefined {
  if (DECIMAL_SYNTAX.test(text)) {
    return Number(text);
  }
  const infinity = INFINITY_SYNTAX.exec(text);
  if (infinity !== null) {
    return infinity[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  const hex = HEX_SYNTAX.exec(text);
  if (hex !== null) {
    const magnitude = Number.parseInt(hex[2] ?? "", 16);
    return hex[1] === "-" ? -magnitude : magnitude;
  }
  return undefined;
}

/**
 * Formats a double as Redis ≥ 7.2 replies with it (`addReplyDouble` → `fpconv_dtoa`): `inf`/`-inf`,
 * and otherwise the shortest digits that read back as the same double, laid out by fpconv's
 * `emit_digits` (deps/fpconv/fpconv_dtoa.c). Redis 7.0 printed `%.17g` (`1.1000000000000001`);
 * Redis 8 is our reference.
 */
const HALF_INT64_MAX = 2 ** 62;

export function formatDouble(value: number): string {
  if (value === Number.POSITIVE_INFINITY) {
    return "inf";
  }
  if (value === Number.NEGATIVE_INFINITY) {
    return "-inf";
  }
  if (value === 0) {
    return Object.is(value, -0) ? "-0" : "0";
  }
  // d2string's double2ll fast path: whole numbers within ±LLONG_MAX/2 print as integers (1e15 →
  // 1000000000000000, not 1e+15).
  if (Number.isInteger(value) && Math.abs(value) <= HALF_INT64_MAX) {
    return BigInt(value).toString();
  }
  const negative = value < 0;
  // toExponential() without digits gives the shortest round-trip digits: "d.ddde±x".
  const [mantissa = "", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  return (
    (negative ? "-" : "") + emitDigits(digits, Number(exponentText) - (digits.length - 1), negative)
  );
}

/** fpconv's `emit_digits`: `value = digits × 10^k`. */
function emitDigits(digits: string, k: number, negative: boolean): string {
  const exponent = Math.abs(k + digits.length - 1);
  if (k >= 0 && exponent < digits.length + 7) {
    return digits + "0".repeat(k);
  }
  if (k < 0 && (k > -7 || exponent < 4)) {
    const offset = digits.length + k;
    return offset <= 0
      ? `0.${"0".repeat(-offset)}${digits}`
      : `${digits.slice(0, offset)}.${digits.slice(offset)}`;
  }
  const kept = digits.slice(0, 18 - (negative ? 1 : 0));
  const fraction = kept.length > 1 ? `.${kept.slice(1)}` : "";
  const sign = k + kept.length - 1 < 0 ? "-" : "+";
  return `${kept[0] ?? ""}${fraction}e${sign}${exponent}`;
}
