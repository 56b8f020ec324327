/**
 * Redis's `string2ll` (redis/src/util.c), the one grammar for every number on the wire: integer
 * replies, `$`/`*` lengths in replies, and the counts and lengths of requests. It accepts `0` or
 * `-?[1-9][0-9]*` in the signed 64-bit range, and nothing else: no `+`, no leading zeros, no `-0`,
 * no spaces. Redis itself emits numbers with `ll2string`, which produces exactly this form.
 */

/** The smallest RESP2 integer (`LLONG_MIN`). */
export const INT64_MIN = -(2n ** 63n);
/** The largest RESP2 integer (`LLONG_MAX`). */
export const INT64_MAX = 2n ** 63n - 1n;
/** The longest valid number text: `-9223372036854775808`. */
export const MAX_DECIMAL_CHARS = 20;

const MINUS = 0x2d;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;
// Up to 15 digits a double holds exactly, so the common short numbers skip BigInt.
const MAX_EXACT_DIGITS = 15;

/**
 * Whether `bytes[start, end)` has `string2ll`'s syntax (range not checked).
 * Returns the index of the first digit, or -1.
 */
function digitsStart(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length === 0 || length > MAX_DECIMAL_CHARS) {
    return -1;
  }
  if (length === 1 && bytes[start] === ZERO) {
    return start; // the only number that may start with 0
  }
  const first = bytes[start] === MINUS ? start + 1 : start;
  const lead = bytes[first] ?? 0;
  if (lead < ONE || lead > NINE) {
    return -1; // covers "", "-", "-0", "01" and non-digits
  }
  for (let i = first + 1; i < end; i++) {
    const digit = bytes[i] ?? 0;
    if (digit < ZERO || digit > NINE) {
      return -1;
    }
  }
  return first;
}

/** The value of digits `bytes[from, end)`, which must number at most {@link MAX_EXACT_DIGITS}. */
function smallValue(bytes: Uint8Array, from: number, end: number): number {
  let value = 0;
  for (let i = from; i < end; i++) {
    value = value * 10 + ((bytes[i] ?? 0) - ZERO);
  }
  return value;
}

/** Parses `bytes[start, end)` like `string2ll`; `undefined` when Redis would reject it. */
export function parseInt64(bytes: Uint8Array, start: number, end: number): bigint | undefined {
  const first = digitsStart(bytes, start, end);
  if (first < 0) {
    return undefined;
  }
  const isNegative = first !== start;
  if (end - first <= MAX_EXACT_DIGITS) {
    const magnitude = smallValue(bytes, first, end);
    return BigInt(isNegative ? -magnitude : magnitude);
  }
  const value = BigInt(String.fromCharCode(...bytes.subarray(start, end)));
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

/**
 * Parses a length or count like `string2ll`, as a number; `undefined` when Redis would reject it.
 * Values past 2^53 come back rounded, which is harmless: every caller rejects them as too large.
 */
export function parseLength(bytes: Uint8Array, start: number, end: number): number | undefined {
  const first = digitsStart(bytes, start, end);
  if (first < 0) {
    return undefined;
  }
  if (end - first <= MAX_EXACT_DIGITS) {
    const magnitude = smallValue(bytes, first, end);
    return first === start ? magnitude : -magnitude;
  }
  const value = parseInt64(bytes, start, end);
  return value === undefined ? undefined : Number(value);
}

/**
 * Whether more bytes could still turn `bytes[start, end)`, a number line without its CRLF yet,
 * into a valid number within `[min, max]`. Appending digits only moves a value away from zero and
 * never repairs bad syntax, so a prefix can be completed exactly when it is empty, a lone `-`
 * (when negatives are allowed), or already a valid number in range.
 */
export function canCompleteDecimal(
  bytes: Uint8Array,
  [start, end]: readonly [number, number],
  [min, max]: readonly [bigint, bigint],
): boolean {
  if (start === end) {
    return true;
  }
  if (end - start === 1 && bytes[start] === MINUS) {
    return min < 0n;
  }
  const value = parseInt64(bytes, start, end);
  return value !== undefined && value >= min && value <= max;
}
