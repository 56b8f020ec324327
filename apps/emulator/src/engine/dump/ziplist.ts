/**
 * Ziplists (src/ziplist.c), the compact encoding of RDB 9 and older (Redis ≤ 6.2), read so payloads
 * DUMPed by those servers still RESTORE. Nothing writes them any more.
 *
 * Layout: total bytes (u32 LE), offset of the last entry (u32 LE), entry count (u16 LE), the
 * entries, 0xFF. An entry is the previous entry's length (1 byte, or 0xFE and a u32), then its
 * encoding: strings of 6, 14 (big-endian) or 32-bit (big-endian) length, or integers (int16, int32,
 * int64, int24, int8, or 0…12 inside the encoding byte).
 */
import { DumpFormatError } from "../dump-format.ts";

function littleEndianSigned(data: string, at: number, bytes: number): bigint {
  let value = 0n;
  for (let i = bytes - 1; i >= 0; i--) {
    value = (value << 8n) | BigInt(data.charCodeAt(at + i));
  }
  return BigInt.asIntN(bytes * 8, value);
}

const INTEGER_SIZES: Record<number, number> = { 192: 2, 208: 4, 224: 8, 240: 3, 254: 1 };

/** The elements of a ziplist, integers as decimal text; throws `DumpFormatError` when malformed. */
export function decodeZiplist(data: string): string[] {
  const u32 = (at: number): number => Number(BigInt.asUintN(32, littleEndianSigned(data, at, 4)));
  if (data.length < 11 || u32(0) !== data.length || data.charCodeAt(data.length - 1) !== 0xff) {
    throw new DumpFormatError("ziplist size mismatch");
  }
  const declared = data.charCodeAt(8) | (data.charCodeAt(9) << 8);
  const items: string[] = [];
  let at = 10;
  const need = (bytes: number): void => {
    if (at + bytes > data.length - 1) {
      throw new DumpFormatError("ziplist entry out of range");
    }
  };
  while (at < data.length - 1) {
    need(1);
    at += data.charCodeAt(at) === 0xfe ? 5 : 1;
    need(1);
    const encoding = data.charCodeAt(at);
    switch (encoding >> 6) {
      case 0: {
        const length = encoding & 0x3f;
        need(1 + length);
        items.push(data.slice(at + 1, at + 1 + length));
        at += 1 + length;
        continue;
      }
      case 1: {
        need(2);
        const length = ((encoding & 0x3f) << 8) | data.charCodeAt(at + 1);
        need(2 + length);
        items.push(data.slice(at + 2, at + 2 + length));
        at += 2 + length;
        continue;
      }
      case 2: {
        need(5);
        let length = 0;
        for (let i = 1; i <= 4; i++) {
          length = length * 256 + data.charCodeAt(at + i);
        }
        need(5 + length);
        items.push(data.slice(at + 5, at + 5 + length));
        at += 5 + length;
        continue;
      }
      default:
        break;
    }
    const size = INTEGER_SIZES[encoding];
    if (size !== undefined) {
      need(1 + size);
      items.push(String(littleEndianSigned(data, at + 1, size)));
      at += 1 + size;
    } else if (encoding >= 0xf1 && encoding <= 0xfd) {
      items.push(String((encoding & 0x0f) - 1));
      at += 1;
    } else {
      throw new DumpFormatError("unknown ziplist encoding");
    }
  }
  if (declared !== 0xffff && declared !== items.length) {
    throw new DumpFormatError("ziplist count mismatch");
  }
  return items;
}
