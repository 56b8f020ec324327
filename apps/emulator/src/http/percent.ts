/**
 * Byte-exact percent-decoding of URL paths and query strings: `%FF` is the byte 0xFF, not an
 * error, so binary keys and values survive the path form (kv-rest-wire.md §2.3).
 */

import { encodeUtf8 } from "./utf8.ts";

const decoder = new TextDecoder();

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) {
    return code - 0x30;
  }
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Decodes `%XX` escapes to bytes; other characters are UTF-8 encoded. `+` becomes a space when `plusIsSpace`. */
export function percentDecode(text: string, plusIsSpace = false): Uint8Array {
  if (!text.includes("%") && !(plusIsSpace && text.includes("+"))) {
    return encodeUtf8(text);
  }
  const raw = encodeUtf8(text);
  const out = new Uint8Array(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] ?? 0;
    if (byte === 0x25 && i + 2 < raw.length) {
      const high = hexValue(raw[i + 1] ?? 0);
      const low = hexValue(raw[i + 2] ?? 0);
      if (high >= 0 && low >= 0) {
        out[length++] = (high << 4) | low;
        i += 2;
        continue;
      }
    }
    out[length++] = plusIsSpace && byte === 0x2b ? 0x20 : byte;
  }
  return out.subarray(0, length);
}

/** The query string's pairs in order, decoded to bytes (`application/x-www-form-urlencoded` rules). */
export function parseQueryBytes(
  rawQuery: string,
): { name: Uint8Array; nameText: string; value: Uint8Array }[] {
  if (rawQuery === "") {
    return [];
  }
  return rawQuery
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = percentDecode(equals === -1 ? pair : pair.slice(0, equals), true);
      const value = percentDecode(equals === -1 ? "" : pair.slice(equals + 1), true);
      return { name, nameText: decoder.decode(name), value };
    });
}
