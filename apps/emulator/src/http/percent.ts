/**
 * Byte-exact percent-decoding of URL paths and query strings: `%FF` is the byte 0xFF, not an
 * error, so binary keys and values survive the path form (kv-rest-wire.md §2.3). Results are
 * binary strings (one char per byte), the form commands take (`kv/backend.ts` `Argv`).
 */
import { binaryToUtf8, utf8ToBinary } from "../kv/argv.ts";

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) {
    return code - 0x30;
  }
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Decodes `%XX` escapes to bytes; other characters stand for their UTF-8 bytes. `+` becomes a
 * space when `plusIsSpace`. Returns the bytes as a binary string.
 */
export function percentDecode(text: string, plusIsSpace = false): string {
  const raw = utf8ToBinary(text);
  if (!raw.includes("%") && !(plusIsSpace && raw.includes("+"))) {
    return raw;
  }
  let decoded = "";
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 0x25 && i + 2 < raw.length) {
      const high = hexValue(raw.charCodeAt(i + 1));
      const low = hexValue(raw.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        decoded += String.fromCharCode((high << 4) | low);
        i += 2;
        continue;
      }
    }
    decoded += plusIsSpace && code === 0x2b ? " " : raw[i];
  }
  return decoded;
}

/**
 * The query string's pairs in order, decoded to binary strings (`application/x-www-form-urlencoded`
 * rules); `nameText` is the name read as UTF-8, for matching parameter names.
 */
export function parseQuery(rawQuery: string): { name: string; nameText: string; value: string }[] {
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
      return { name, nameText: binaryToUtf8(name), value };
    });
}
