/**
 * The timeout argument of blocking commands (src/timeout.c), which the list and sorted-set groups'
 * blocking pops share.
 */
import { ERR, ReplyError } from "../errors.ts";
import type { Args } from "./args.ts";

/** `LLONG_MAX` as the double C compares it with (2^63). */
const LLONG_MAX = 2 ** 63;
/** `MAX_LONG_DOUBLE_CHARS`: `string2ld` refuses longer texts. */
const MAX_LONG_DOUBLE_CHARS = 5 * 1024;
/** The decimal exponent range of an x87 long double, which `strtold` parses into. */
const LONG_DOUBLE_MAX_EXPONENT = 4932;
const LONG_DOUBLE_MIN_EXPONENT = -4951;

const DECIMAL = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
const HEXADECIMAL = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/;
const INFINITY = /^([+-]?)inf(?:inity)?$/i;

/**
 * `string2ld`: the whole text as `strtold` reads it (decimal, hexadecimal, `inf`), no leading
 * space, not NaN, not overflowing the long double range and not underflowing to zero. Values past
 * a JS double's range come back as ±Infinity or ±`Number.MIN_VALUE`, which is all a timeout needs.
 */
function parseLongDouble(text: string): number | undefined {
  if (text.length === 0 || text.length >= MAX_LONG_DOUBLE_CHARS) {
    return undefined;
  }
  const infinity = INFINITY.exec(text);
  if (infinity !== null) {
    return infinity[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  const hex = HEXADECIMAL.exec(text);
  if (hex !== null) {
    const [, sign = "", whole = "", fraction = "", exponent = "0"] = hex;
    if (whole === "" && fraction === "") {
      return undefined;
    }
    const magnitude =
      Number.parseInt(whole || "0", 16) +
      (fraction === "" ? 0 : Number.parseInt(fraction, 16) / 16 ** fraction.length);
    const value = magnitude * 2 ** Number(exponent);
    return sign === "-" ? -value : value;
  }
  const decimal = DECIMAL.exec(text);
  if (decimal === null) {
    return undefined;
  }
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = decimal;
  if (whole === "" && fraction === "") {
    return undefined;
  }
  const value = Number(text);
  const digits = (whole + fraction).replace(/^0+/, "");
  if (digits === "") {
    return value;
  }
  // The decimal exponent of the leading digit decides overflow and underflow.
  const leading = whole.replace(/^0+/, "");
  const magnitude =
    Number(exponent) +
    (leading !== ""
      ? leading.length - 1
      : -(fraction.length - fraction.replace(/^0+/, "").length) - 1);
  if (magnitude > LONG_DOUBLE_MAX_EXPONENT || magnitude < LONG_DOUBLE_MIN_EXPONENT) {
    return undefined;
  }
  if (value === 0) {
    return sign === "-" ? -Number.MIN_VALUE : Number.MIN_VALUE;
  }
  return value;
}

/**
 * A blocking command's timeout in seconds (`getTimeoutFromObjectOrReply` with `UNIT_SECONDS`), as
 * milliseconds rounded up; 0 blocks forever. `now` bounds it so the deadline fits in 64 bits.
 */
export function parseTimeout(text: string, now: number): number {
  const seconds = parseLongDouble(text);
  if (seconds === undefined) {
    throw new ReplyError(ERR.TIMEOUT_NOT_FLOAT);
  }
  const milliseconds = seconds * 1000;
  if (milliseconds > LLONG_MAX) {
    throw new ReplyError(ERR.TIMEOUT_OUT_OF_RANGE);
  }
  // ceill: a tiny positive timeout waits 1 ms; a tiny negative one rounds to 0 (forever).
  const rounded = Math.ceil(milliseconds);
  if (rounded < 0) {
    throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
  }
  if (rounded > LLONG_MAX - now) {
    throw new ReplyError(ERR.TIMEOUT_OUT_OF_RANGE);
  }
  return rounded === 0 ? 0 : rounded;
}

/** BLPOP/BRPOP: `key... timeout`, the timeout read when the command runs. */
export function parseBlockingPop(args: Args): { keys: string[]; timeout: string } {
  const rest = args.rest();
  const timeout = rest.pop() ?? "";
  return { keys: rest, timeout };
}
