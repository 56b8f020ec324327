/**
 * The engine holds every key, value and argument as a "binary string": one JS char per byte
 * (latin1), which is binary-safe, cheap to compare and fast as a `Map` key. Conversions happen only
 * at the edges, through these functions.
 */

/** Below this length, building the string in JS beats wrapping the bytes in a Buffer. */
const SHORT_BYTES = 64;

/** Bytes → binary string. */
export function bytesToBinary(bytes: Uint8Array): string {
  if (bytes.byteLength <= SHORT_BYTES) {
    // Most arguments are short: this skips reading `.buffer`, which makes V8 move a small typed
    // array out of its heap, and the Buffer wrapper (about a third of the cost measured).
    return String.fromCharCode.apply(null, bytes as unknown as number[]);
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
