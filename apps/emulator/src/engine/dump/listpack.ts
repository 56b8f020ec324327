/**
 * Listpacks (src/listpack.c), the compact encoding inside RDB payloads of small hashes, sets, sorted
 * sets, list nodes and stream nodes. Writing follows `lpInsert`'s choices exactly (a string that is
 * a canonical int64 is stored as an integer, in the smallest integer encoding), so payloads are
 * byte-identical to Redis's; reading accepts every encoding.
 *
 * Layout: total bytes (u32 LE), element count (u16 LE, 65535 = unknown), the entries, 0xFF. An
 * entry is its encoding and data followed by a back-length (the size of encoding + data).
 */
import { DumpFormatError } from "../dump-format.ts";
import {
  backLengthSize,
  INTEGER_TEXT,
  integerEncodedSize,
  stringEncodedSize,
} from "../listpack-size.ts";

/** A listpack element: bytes, or an integer the writer must store as one (`lpAppendInteger`). */
export type ListpackItem = string | number | bigint;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The int64 a string would be stored as, or undefined when it stays a string. */
function asInteger(text: string): bigint | undefined {
  if (text.length === 0 || text.length > 20 || !INTEGER_TEXT.test(text)) {
    return undefined;
  }
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

function littleEndian(value: bigint, bytes: number): string {
  let unsigned = BigInt.asUintN(bytes * 8, value);
  let text = "";
  for (let i = 0; i < bytes; i++) {
    text += String.fromCharCode(Number(unsigned & 0xffn));
    unsigned >>= 8n;
  }
  return text;
}

/** `lpEncodeIntegerGetType` + `lpEncodeString`: the entry's encoding and data. */
function encodeInteger(value: bigint): string {
  // The form is the size model's (past 32 bits every value takes the 64-bit form, so a double
  // that rounds near int64's ends still picks it).
  switch (integerEncodedSize(Number(value))) {
    case 1:
      return String.fromCharCode(Number(value));
    case 2: {
      const unsigned = Number(BigInt.asUintN(13, value));
      return String.fromCharCode(0xc0 | (unsigned >> 8), unsigned & 0xff);
    }
    case 3:
      return `\xf1${littleEndian(value, 2)}`;
    case 4:
      return `\xf2${littleEndian(value, 3)}`;
    case 5:
      return `\xf3${littleEndian(value, 4)}`;
    default:
      return `\xf4${littleEndian(value, 8)}`;
  }
}

function encodeString(value: string): string {
  const length = value.length;
  switch (stringEncodedSize(length) - length) {
    case 1:
      return String.fromCharCode(0x80 | length) + value;
    case 2:
      return String.fromCharCode(0xe0 | (length >> 8), length & 0xff) + value;
    default:
      return `\xf0${littleEndian(BigInt(length), 4)}${value}`;
  }
}

/** `lpEncodeBacklen`: the size of encoding + data, 7 bits per byte, read right to left. */
function encodeBacklen(size: number): string {
  const bytes = backLengthSize(size);
  // The most significant group first, every byte but it with the high bit set.
  let text = String.fromCharCode(Math.floor(size / 2 ** (7 * (bytes - 1))));
  for (let shift = 7 * (bytes - 2); shift >= 0; shift -= 7) {
    text += String.fromCharCode((Math.floor(size / 2 ** shift) & 127) | 128);
  }
  return text;
}

/** One listpack entry (encoding, data, back-length). */
export function listpackEntry(item: ListpackItem): string {
  let encoded: string;
  if (typeof item === "string") {
    const integer = asInteger(item);
    encoded = integer === undefined ? encodeString(item) : encodeInteger(integer);
  } else {
    encoded = encodeInteger(BigInt(item));
  }
  return encoded + encodeBacklen(encoded.length);
}

/** A whole listpack of `items`, as `lpNew` + `lpAppend`s build it. */
export function encodeListpack(items: Iterable<ListpackItem>): string {
  const entries: string[] = [];
  let bytes = 7;
  let count = 0;
  for (const item of items) {
    const entry = listpackEntry(item);
    entries.push(entry);
    bytes += entry.length;
    count++;
  }
  const header = littleEndian(BigInt(bytes), 4) + littleEndian(BigInt(Math.min(count, 65535)), 2);
  return `${header}${entries.join("")}\xff`;
}

/** The bytes a listpack of these entries takes (`lpBytes`). */
export function listpackBytes(entries: readonly string[]): number {
  let bytes = 7;
  for (const entry of entries) {
    bytes += entry.length;
  }
  return bytes;
}

/** Builds a listpack from entries made with `listpackEntry`. */
export function listpackFromEntries(entries: readonly string[]): string {
  const bytes = listpackBytes(entries);
  return `${littleEndian(BigInt(bytes), 4)}${littleEndian(BigInt(Math.min(entries.length, 65535)), 2)}${entries.join("")}\xff`;
}

function readLittleEndian(data: string, at: number, bytes: number): bigint {
  let value = 0n;
  for (let i = bytes - 1; i >= 0; i--) {
    value = (value << 8n) | BigInt(data.charCodeAt(at + i));
  }
  return value;
}

/**
 * The elements of a listpack, integers as decimal text; throws `DumpFormatError` when the blob is
 * not a well-formed listpack (`lpValidateIntegrity` with deep checks).
 */
export function decodeListpack(data: string): string[] {
  if (data.length < 7 || Number(readLittleEndian(data, 0, 4)) !== data.length) {
    throw new DumpFormatError("listpack size mismatch");
  }
  const declared = Number(readLittleEndian(data, 4, 2));
  const items: string[] = [];
  let at = 6;
  const need = (bytes: number): void => {
    if (at + bytes > data.length - 1) {
      throw new DumpFormatError("listpack entry out of range");
    }
  };
  for (;;) {
    need(0);
    const first = data.charCodeAt(at);
    if (first === 0xff) {
      break;
    }
    const start = at;
    let item: string;
    if ((first & 0x80) === 0) {
      item = String(first);
      at += 1;
    } else if ((first & 0xc0) === 0x80) {
      const length = first & 0x3f;
      need(1 + length);
      item = data.slice(at + 1, at + 1 + length);
      at += 1 + length;
    } else if ((first & 0xe0) === 0xc0) {
      need(2);
      item = String(BigInt.asIntN(13, BigInt(((first & 0x1f) << 8) | data.charCodeAt(at + 1))));
      at += 2;
    } else if ((first & 0xf0) === 0xe0) {
      need(2);
      const length = ((first & 0x0f) << 8) | data.charCodeAt(at + 1);
      need(2 + length);
      item = data.slice(at + 2, at + 2 + length);
      at += 2 + length;
    } else {
      const sizes: Record<number, number> = { 241: 2, 242: 3, 243: 4, 244: 8 };
      const size = sizes[first];
      if (size !== undefined) {
        need(1 + size);
        item = String(BigInt.asIntN(size * 8, readLittleEndian(data, at + 1, size)));
        at += 1 + size;
      } else if (first === 0xf0) {
        need(5);
        const length = Number(readLittleEndian(data, at + 1, 4));
        need(5 + length);
        item = data.slice(at + 5, at + 5 + length);
        at += 5 + length;
      } else {
        throw new DumpFormatError("unknown listpack encoding");
      }
    }
    const backlen = encodeBacklen(at - start);
    need(backlen.length);
    if (data.slice(at, at + backlen.length) !== backlen) {
      throw new DumpFormatError("listpack back-length mismatch");
    }
    at += backlen.length;
    items.push(item);
  }
  if (at !== data.length - 1 || (declared !== 65535 && declared !== items.length)) {
    throw new DumpFormatError("listpack count mismatch");
  }
  return items;
}
