/**
 * Intsets (src/intset.c) as RDB stores them: encoding (bytes per element: 2, 4 or 8, u32 LE),
 * length (u32 LE), then the sorted elements little-endian. The writer picks the smallest encoding
 * that fits every element, as an intset built by inserts has (Redis never downgrades an intset, so
 * one that once held a wide integer keeps its width: the only case where bytes can differ).
 */
import { DumpFormatError } from "../dump-format.ts";

function widthOf(value: bigint): number {
  if (value >= -32768n && value <= 32767n) {
    return 2;
  }
  return value >= -2147483648n && value <= 2147483647n ? 4 : 8;
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

/** The intset blob of `members` (canonical integers, already in ascending order). */
export function encodeIntset(members: readonly string[]): string {
  const values = members.map((member) => BigInt(member));
  let width = 2;
  for (const value of values) {
    width = Math.max(width, widthOf(value));
  }
  const parts = [littleEndian(BigInt(width), 4), littleEndian(BigInt(values.length), 4)];
  for (const value of values) {
    parts.push(littleEndian(value, width));
  }
  return parts.join("");
}

/** The members of an intset blob as decimal text; checks `intsetValidateIntegrity`'s rules. */
export function decodeIntset(data: string): string[] {
  if (data.length < 8) {
    throw new DumpFormatError("intset too short");
  }
  const read = (at: number, bytes: number): bigint => {
    let value = 0n;
    for (let i = bytes - 1; i >= 0; i--) {
      value = (value << 8n) | BigInt(data.charCodeAt(at + i));
    }
    return value;
  };
  const width = Number(read(0, 4));
  const count = Number(read(4, 4));
  if ((width !== 2 && width !== 4 && width !== 8) || data.length !== 8 + width * count) {
    throw new DumpFormatError("bad intset header");
  }
  const members: string[] = [];
  let previous: bigint | undefined;
  for (let i = 0; i < count; i++) {
    const value = BigInt.asIntN(width * 8, read(8 + i * width, width));
    if (previous !== undefined && value <= previous) {
      throw new DumpFormatError("intset not sorted");
    }
    previous = value;
    members.push(String(value));
  }
  return members;
}
