/**
 * Byte-level helpers shared by the RESP2 encoder and parsers: the protocol's ASCII bytes, UTF-8
 * sizing and writing without intermediate arrays, and the quoting of bad input in error messages.
 */

/** The ASCII bytes RESP2 is made of. */
export const Byte = {
  NUL: 0x00,
  LF: 0x0a,
  CR: 0x0d,
  SPACE: 0x20,
  DOLLAR: 0x24,
  STAR: 0x2a,
  PLUS: 0x2b,
  MINUS: 0x2d,
  COLON: 0x3a,
} as const;

/**
 * A copy of `bytes[start, end)`, as a plain Uint8Array whatever the array's class: Node's
 * `Buffer#slice` returns a view into the same memory, so a parser given a socket's Buffer would
 * keep values that change when the caller reuses its buffer (or keep the whole chunk alive for a
 * few bytes).
 */
export function copyBytes(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const copy = new Uint8Array(end - start);
  copy.set(bytes.subarray(start, end));
  return copy;
}

const encoder = new TextEncoder();
// `ignoreBOM: true` keeps a leading U+FEFF: in a status or error line it is data, not a BOM.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
// Below this size a hand loop beats the call overhead of TextDecoder for pure-ASCII text.
const SHORT_TEXT_BYTES = 32;
/** How many bytes of bad input an error message quotes. */
const QUOTE_BYTES = 32;

/** UTF-8 bytes of `text` (lone surrogates become U+FFFD, as `TextEncoder` does). */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * How many bytes `TextEncoder` produces for `text`, computed without encoding it, so an encoder
 * can size its output buffer in one pass.
 */
export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      length += 1;
    } else if (unit < 0x800) {
      length += 2;
    } else if ((unit & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 4; // a surrogate pair: one code point above U+FFFF
      i++;
    } else {
      length += 3; // the rest of the BMP, and lone surrogates (written as U+FFFD)
    }
  }
  return length;
}

/**
 * Writes `text` as UTF-8 into `target` at `offset`, where the caller has reserved
 * `utf8Length(text)` bytes. Returns the offset after it.
 */
export function writeUtf8(target: Uint8Array, offset: number, text: string): number {
  let position = offset;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x80) {
      // Non-ASCII: let the platform encoder write the rest in place. It writes exactly the rest's
      // UTF-8 bytes, which the caller has reserved.
      const { written } = encoder.encodeInto(text.slice(i), target.subarray(position));
      return position + written;
    }
    target[position++] = unit;
  }
  return position;
}

/** Decodes UTF-8 text from `bytes[start, end)`; invalid sequences become U+FFFD. */
export function utf8Decode(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_TEXT_BYTES) {
    let text = "";
    for (let i = start; i < end; i++) {
      const byte = bytes[i] ?? 0;
      if (byte >= 0x80) {
        return decoder.decode(bytes.subarray(start, end));
      }
      text += String.fromCharCode(byte);
    }
    return text;
  }
  return decoder.decode(bytes.subarray(start, end));
}

/**
 * Quotes up to 32 bytes of `bytes` from `offset`, for error messages (STYLE.md §12: decode
 * failures quote the truncated input). Printable ASCII stays; anything else is escaped.
 */
export function quoteBytes(bytes: Uint8Array, offset: number): string {
  const end = Math.min(bytes.length, offset + QUOTE_BYTES);
  let text = "";
  for (let i = Math.max(0, offset); i < end; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === Byte.CR) {
      text += "\\r";
    } else if (byte === Byte.LF) {
      text += "\\n";
    } else if (byte === 0x22 || byte === 0x5c) {
      text += `\\${String.fromCharCode(byte)}`;
    } else if (byte >= 0x20 && byte < 0x7f) {
      text += String.fromCharCode(byte);
    } else {
      text += `\\x${byte.toString(16).padStart(2, "0")}`;
    }
  }
  return `"${text}${end < bytes.length ? "…" : ""}"`;
}
