/**
 * The size of a listpack (src/listpack.c) as Redis 7.0 lays one out, for MEMORY USAGE and the
 * list encoding's limits: a 6-byte header (total bytes, element count), each element's encoding,
 * data and back-length, and the end byte. `lpAppend` stores a string that parses as a 64-bit
 * integer (`lpStringToInt64`: no sign but `-`, no leading zeros) as that integer, in the smallest
 * of the 7-bit unsigned, 13, 16, 24, 32 and 64-bit forms (`lpEncodeIntegerGetType`).
 */

/** `LP_HDR_SIZE` (4 bytes of total size, 2 of element count). */
export const LISTPACK_HEADER = 6;
/** `LP_HDR_SIZE` plus the end-of-listpack byte: an empty listpack's bytes. */
export const EMPTY_LISTPACK = LISTPACK_HEADER + 1;

/** The integer texts `lpStringToInt64` accepts (the int64 range is checked apart). */
export const INTEGER_TEXT = /^(?:0|-?[1-9][0-9]{0,18})$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** The bytes a string element takes: as an integer when it parses as one, else as a string. */
export function listpackEntrySize(value: string): number {
  const first = value.charCodeAt(0);
  // Only texts starting with a digit or "-" can be integers; check cheaply before the regex.
  if (
    value.length <= 20 &&
    ((first >= 0x30 && first <= 0x39) || first === 0x2d) &&
    INTEGER_TEXT.test(value)
  ) {
    const encoded = integerTextEncodedSize(value);
    if (encoded !== undefined) {
      return withBackLength(encoded);
    }
  }
  return withBackLength(stringEncodedSize(value.length));
}

/** The bytes an integer element takes (`lpAppendInteger`); `value` is within int64. */
export function listpackIntegerSize(value: number): number {
  return withBackLength(integerEncodedSize(value));
}

/** The bytes a string element of `length` bytes takes (one that does not parse as an integer). */
export function listpackStringSize(length: number): number {
  return withBackLength(stringEncodedSize(length));
}

/** `lpBytes` of a listpack holding `values` (strings) in order. */
export function listpackBytes(values: Iterable<string>): number {
  let bytes = EMPTY_LISTPACK;
  for (const value of values) {
    bytes += listpackEntrySize(value);
  }
  return bytes;
}

/** A string's header and data: 6-bit, 12-bit or 32-bit length forms. */
export function stringEncodedSize(length: number): number {
  return length < 64 ? 1 + length : length < 4096 ? 2 + length : 5 + length;
}

/** The element plus its back-length. */
function withBackLength(encoded: number): number {
  return encoded + backLengthSize(encoded);
}

/** `lpEncodeBacklen`'s bytes for an element of `encoded` bytes: 7 bits of the length per byte. */
export function backLengthSize(encoded: number): number {
  return encoded <= 127
    ? 1
    : encoded < 16383
      ? 2
      : encoded < 2097151
        ? 3
        : encoded < 268435455
          ? 4
          : 5;
}

/** Integer text's encoded size, or undefined past int64 (then it is stored as a string). */
function integerTextEncodedSize(text: string): number | undefined {
  if (text.length >= 19) {
    const big = BigInt(text);
    if (big > INT64_MAX || big < INT64_MIN) {
      return undefined;
    }
    // Near int64's ends a double cannot tell the forms apart, but they all take 9 bytes.
    return 9;
  }
  return integerEncodedSize(Number(text));
}

/** `lpEncodeIntegerGetType`: the encoding byte(s) and data of an integer (within int64). */
export function integerEncodedSize(value: number): number {
  if (value >= 0 && value <= 127) {
    return 1;
  }
  if (value >= -4096 && value <= 4095) {
    return 2;
  }
  if (value >= -32768 && value <= 32767) {
    return 3;
  }
  if (value >= -8388608 && value <= 8388607) {
    return 4;
  }
  if (value >= -2147483648 && value <= 2147483647) {
    return 5;
  }
  return 9;
}
