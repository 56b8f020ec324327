/**
 * The engine holds every key, value and argument as a "binary string": one JS char per byte
 * (latin1), which is binary-safe, cheap to compare and fast as a `Map` key. Conversions happen only
 * at the edges, through these functions.
 */

import { constants } from "node:buffer";

/**
 * The longest binary string, hence the longest key, value, member or argument the engine can hold:
 * V8's string length limit (2^29 - 24 = 536,870,888 on 64-bit), 24 bytes short of Redis's default
 * `proto-max-bulk-len` (512 MiB), which `CONFIG SET` can raise further. Longer values are refused
 * with {@link STRING_OVER_ENGINE_LIMIT} rather than stored another way (engine/README.md).
 */
export const MAX_BINARY_LENGTH = constants.MAX_STRING_LENGTH;

/**
 * The error reply for a value the engine cannot hold. Redis's text for its own limit
 * (`checkStringLength`) with the emulator's limit in the parentheses, so clients matching Redis's
 * prefix see the same kind of failure.
 */
export const STRING_OVER_ENGINE_LIMIT = `ERR string exceeds maximum allowed size (the emulator holds at most ${MAX_BINARY_LENGTH} bytes per string)`;

/**
 * Whether `error` is V8 or Node refusing to build a string over {@link MAX_BINARY_LENGTH}: a
 * `RangeError: Invalid string length` (concatenation, `repeat`, `join`, `JSON.stringify`) or
 * Node's `ERR_STRING_TOO_LONG` (`Buffer#toString`, `TextDecoder`).
 */
export function isStringTooLongError(error: unknown): boolean {
  if (error instanceof RangeError && error.message === "Invalid string length") {
    return true;
  }
  return error instanceof Error && "code" in error && error.code === "ERR_STRING_TOO_LONG";
}

/**
 * The error reply for a value or path nested deeper than the engine's recursive walks can follow
 * (a JSON document deepened level by level through paths, a path of thousands of steps): V8's call
 * stack ran out. RedisJSON's wording for its own nesting limit, with the emulator's reason.
 */
export const NESTING_OVER_ENGINE_LIMIT =
  "ERR recursion limit exceeded (nested deeper than the emulator's call stack follows)";

/** Whether `error` is V8's `RangeError: Maximum call stack size exceeded`. */
export function isStackOverflowError(error: unknown): boolean {
  return error instanceof RangeError && error.message === "Maximum call stack size exceeded";
}

/** Below this length, building the string in JS beats wrapping the bytes in a Buffer. */
const SHORT_BYTES = 64;

/** Bytes → binary string. */
export function bytesToBinary(bytes: Uint8Array): string {
  if (bytes.byteLength <= SHORT_BYTES) {
    // Most arguments are short: this skips reading `.buffer`, which makes V8 move a small typed
    // array out of its heap, and the Buffer wrapper (about a third of the cost measured).
    return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  if (bytes.byteLength > MAX_BINARY_LENGTH) {
    // What V8 throws, at once: Node's latin1 decoding would copy all the bytes before refusing.
    throw new RangeError("Invalid string length");
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/** Binary string → bytes. */
export function binaryToBytes(binary: string): Uint8Array {
  return Buffer.from(binary, "latin1");
}

/** Text (any JS string) → the binary string of its UTF-8 bytes. */
export function utf8ToBinary(text: string): string {
  // ASCII is the common case and is its own UTF-8 encoding.
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      return Buffer.from(text, "utf8").toString("latin1");
    }
  }
  return text;
}

/** Binary string → text, decoding UTF-8 (invalid sequences become U+FFFD). */
export function binaryToUtf8(binary: string): string {
  for (let i = 0; i < binary.length; i++) {
    if (binary.charCodeAt(i) > 0x7f) {
      return Buffer.from(binary, "latin1").toString("utf8");
    }
  }
  return binary;
}

/** ASCII upper case, as Redis compares command names and option tokens (`strcasecmp`). */
export function asciiUpper(binary: string): string {
  // Called on every command name, mostly short and all ASCII: a scan beats a regex replace
  // (about 50 against 180 ns for `get`).
  let hasLower = false;
  for (let i = 0; i < binary.length; i++) {
    const code = binary.charCodeAt(i);
    if (code > 0x7f) {
      // String.prototype.toUpperCase would map latin1 letters such as 0xFF outside one byte.
      return binary.replace(LOWER_ASCII_ALL, (s) => s.toUpperCase());
    }
    hasLower ||= code >= 0x61 && code <= 0x7a;
  }
  return hasLower ? binary.toUpperCase() : binary;
}

const LOWER_ASCII_ALL = /[a-z]+/g;

/** ASCII lower case. */
export function asciiLower(binary: string): string {
  return binary.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}
