import { crc32 as zlibCrc32 } from "node:zlib";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { crc32, tableCrc32 } from "./crc32.ts";

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe("crc32", () => {
  // Check values of CRC-32/ISO-HDLC from the CRC catalogue (reveng.sourceforge.io).
  test.for([
    ["", 0x0000_0000],
    ["a", 0xe8b7_be43],
    ["123456789", 0xcbf4_3926],
    ["The quick brown fox jumps over the lazy dog", 0x414f_a339],
  ] as const)("crc32(%j) is %i", ([input, expected], { expect }) => {
    expect(crc32(text(input))).toBe(expected);
  });

  test("four zero bytes do not checksum to zero, which the log framing relies on", ({ expect }) => {
    expect(crc32(new Uint8Array(4))).toBe(0x2144_df1c);
  });

  // Node's zlib (20.15+) as the oracle, over lengths that exercise both the 8-byte and the tail loop.
  fcTest.prop([fc.uint8Array({ maxLength: 300 })])("agrees with zlib.crc32", (bytes) => {
    return crc32(bytes) === zlibCrc32(bytes);
  });

  fcTest.prop([fc.uint8Array({ maxLength: 300 }), fc.nat({ max: 0xffff_ffff })])(
    "the tables (runtimes without zlib.crc32) agree with zlib.crc32, continued or not",
    (bytes, previous) => {
      return (
        tableCrc32(bytes) === zlibCrc32(bytes) &&
        tableCrc32(bytes, previous) === zlibCrc32(bytes, previous)
      );
    },
  );

  fcTest.prop([fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 100 })])(
    "continues over pieces: crc32(b, crc32(a)) is the CRC of a then b",
    (a, b) => {
      const whole = new Uint8Array([...a, ...b]);
      return crc32(b, crc32(a)) === crc32(whole);
    },
  );
});
