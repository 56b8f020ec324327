import { describe, test } from "vitest";
import { ERR, ReplyError } from "../errors.ts";
import {
  applyBitfieldOverflow,
  countBits,
  incrementFloat,
  incrementInteger,
  parseExtendedStringArgs,
  readBitfield,
  STRING_FLAG,
  stringDigest,
  stringEncoding,
  stringRange,
  writeBitfield,
} from "./string.ts";

/** Bytes `(i * 7 + 3) mod 256`, the inputs of the xxhsum vectors below. */
function pattern(length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) {
    text += String.fromCharCode((i * 7 + 3) % 256);
  }
  return text;
}

describe("stringDigest (XXH3-64)", () => {
  test.for([
    ["hello", "9555e8555c62dcfd"],
    ["", "2d06800538d394c2"],
    ["123", "404a763b3f4c8c9a"],
    ["v8", "0cc76dbb41381419"],
    ["Hello world", "b6acb9d84a38ff74"],
  ] as const)("%j → %s (Redis's documented digests)", ([value, digest], { expect }) => {
    expect(stringDigest(value)).toBe(digest);
  });

  // Generated with `xxhsum -H3` (xxHash 0.8.1) over every length class of the algorithm.
  test.for([
    [1, "13e608bc156defed"],
    [2, "1c9074b93943b86c"],
    [3, "a9088dda485b481c"],
    [4, "6d9253b16c8b1ed3"],
    [5, "998620e10e3a4b37"],
    [8, "60539db630471163"],
    [9, "feff668361d723a8"],
    [16, "b8c859b0f030b585"],
    [17, "714a04408e79b80f"],
    [32, "19ff4ee1d6ba1a55"],
    [33, "3e44983ad21679c8"],
    [64, "287eb1fa9e4be2c1"],
    [65, "829218de4d798646"],
    [96, "f084e7cfbc624743"],
    [97, "1daa83271a8e7b7c"],
    [128, "67425a03650261bf"],
    [129, "c664bf3311c6abc4"],
    [200, "746cd0025327bf5b"],
    [240, "64556dc6b462a6cf"],
    [241, "8beadd3a8874fe17"],
    [255, "b67b6637a76e6c39"],
    [256, "3c38817f6d79c0da"],
    [1000, "6c4f14bd97bd9e82"],
    [1024, "9b81661c641c72b1"],
    [1025, "806c2072ed713576"],
    [2048, "abe604813ba62ed1"],
    [5000, "799aaddd7339581d"],
    [100000, "0c056f6fcc340974"],
  ] as const)("%i bytes → %s", ([length, digest], { expect }) => {
    expect(stringDigest(pattern(length))).toBe(digest);
  });
});

describe("incrementFloat (long double)", () => {
  // Replies of redis-server 7.0 (x86-64, 80-bit long double) for INCRBYFLOAT.
  test.for([
    ["10.5", "0.1", "10.6"],
    ["5.0e3", "0", "5000"],
    ["1.1", "2.2", "3.3"],
    ["0.1", "0.2", "0.3"],
    [undefined, "123456789.123456789123", "123456789.12345678912242875"],
    [undefined, "1.5e20", "150000000000000000000"],
    [undefined, "3.0e-30", "0"],
    [undefined, "-0.0", "0"],
    [undefined, "9223372036854775807", "9223372036854775807"],
    [undefined, "0x10", "16"],
    ["16", "0x1p-2", "16.25"],
    [undefined, "0X1P3", "8"],
    [undefined, "0x1.8", "1.5"],
    [undefined, ".5", "0.5"],
    [undefined, "5.", "5"],
    [undefined, "+3", "3"],
    [undefined, "4.9406564584124654e-4951", "0"],
    [undefined, "1e-4940", "0"],
    ["-5", "2.5", "-2.5"],
  ] as const)("%s + %s → %s", ([current, increment, expected], { expect }) => {
    expect(incrementFloat(current, increment)).toBe(expected);
  });

  test("1e400 is a long double, printed exactly as glibc does", ({ expect }) => {
    expect(incrementFloat(undefined, "1e400")).toBe(
      "10000000000000000000281880683947586514586453433629052038625910693539685534008629862039363994848324160522094053927317616200295822777259255734023828976593340661017797447434546173917862448116674971723778943824391593338047470675026246684401359237513603830343735485505244955964979021825038280091068414947402456898653040951017512658092615827588920183472511643316591362664138176309734806343732497430221946880",
    );
  });

  test.for([
    ["1e5000", ERR.NOT_FLOAT],
    [" 1", ERR.NOT_FLOAT],
    ["1 ", ERR.NOT_FLOAT],
    ["nan", ERR.NOT_FLOAT],
    ["1e-5000", ERR.NOT_FLOAT],
    ["0x", ERR.NOT_FLOAT],
    ["1e", ERR.NOT_FLOAT],
    [".", ERR.NOT_FLOAT],
    ["1_0", ERR.NOT_FLOAT],
    ["", ERR.NOT_FLOAT],
    ["infin", ERR.NOT_FLOAT],
    ["1".repeat(5120), ERR.NOT_FLOAT],
    ["inf", ERR.INCR_NAN_OR_INFINITY],
    ["-infinity", ERR.INCR_NAN_OR_INFINITY],
  ] as const)("%j → %s", ([increment, error], { expect }) => {
    expect(() => incrementFloat(undefined, increment)).toThrow(new ReplyError(error));
  });

  test("the sum overflowing the long double range is NaN or Infinity", ({ expect }) => {
    expect(() => incrementFloat("1e4932", "1e4932")).toThrow(
      new ReplyError(ERR.INCR_NAN_OR_INFINITY),
    );
  });
});

describe("incrementInteger", () => {
  test("switches to bigints beyond 2^53 and refuses 64-bit overflow", ({ expect }) => {
    expect(incrementInteger("9007199254740991", 1)).toBe(9007199254740992n);
    expect(incrementInteger("9223372036854775806", 1)).toBe(9223372036854775807n);
    expect(() => incrementInteger("9223372036854775807", 1)).toThrow(
      new ReplyError(ERR.INCR_OVERFLOW),
    );
    expect(() => incrementInteger("-9223372036854775808", -1)).toThrow(
      new ReplyError(ERR.INCR_OVERFLOW),
    );
    expect(incrementInteger("-9223372036854775808", 5n)).toBe(-9223372036854775803n);
    expect(incrementInteger(undefined, -3)).toBe(-3);
  });

  test.for(["", " 1", "01", "1.0", "+1", "abc", "99999999999999999999"])(
    "%j is not an integer",
    (value, { expect }) => {
      expect(() => incrementInteger(value, 1)).toThrow(new ReplyError(ERR.NOT_INTEGER));
    },
  );
});

describe("stringEncoding", () => {
  test.for([
    ["123", "int"],
    ["-9223372036854775808", "int"],
    ["9223372036854775808", "embstr"],
    ["01", "embstr"],
    ["-0", "embstr"],
    ["x".repeat(44), "embstr"],
    ["x".repeat(45), "raw"],
    ["", "embstr"],
  ] as const)("%j → %s", ([value, encoding], { expect }) => {
    expect(stringEncoding(value)).toBe(encoding);
  });
});

describe("stringRange", () => {
  // GETRANGE "Hello World" cases from Redis's tests/unit/type/string.tcl.
  test.for([
    [0, 3, "Hell"],
    [0, -1, "Hello World"],
    [-4, -1, "orld"],
    [5, 3, ""],
    [5, 5000, " World"],
    [-5000, 10000, "Hello World"],
    [0, -100, "H"],
    [1, -100, ""],
    [-1, -100, ""],
    [-100, -99, "H"],
    [-100, -100, "H"],
    [-100, -101, ""],
    [0, 4294967297n, "Hello World"],
    [-(2n ** 63n) + 1n, -(2n ** 63n), ""],
  ] as const)("%s..%s → %j", ([start, end, expected], { expect }) => {
    expect(stringRange("Hello World", start, end)).toBe(expected);
  });
});

describe("parseExtendedStringArgs", () => {
  test("repeated options are allowed and the last value wins", ({ expect }) => {
    const args = parseExtendedStringArgs(
      ["SET", "k", "v", "EX", "10", "ex", "20", "NX", "nx"],
      3,
      "set",
    );
    expect(args.expire).toBe("20");
    expect(args.relativeExpireIndex).toBe(5);
    expect(args.flags).toBe(STRING_FLAG.EX | STRING_FLAG.NX);
  });

  test.for([
    [["NX", "XX"], "set"],
    [["EX", "1", "PX", "1"], "set"],
    [["KEEPTTL", "EX", "1"], "set"],
    [["EX"], "set"],
    [["NX", "IFEQ", "a"], "set"],
    [["PERSIST"], "set"],
    [["GET"], "getex"],
    [["NX"], "getex"],
    [["PERSIST", "EX", "1"], "getex"],
    [["GET"], "msetex"],
    [["IFEQ", "a"], "msetex"],
  ] as const)("%j is a syntax error for %s", ([options, command], { expect }) => {
    expect(() => parseExtendedStringArgs(options, 0, command)).toThrow(new ReplyError(ERR.SYNTAX));
  });

  test("NX is only refused after XX, so IFEQ then NX parses (as in Redis)", ({ expect }) => {
    const args = parseExtendedStringArgs(["IFEQ", "a", "NX"], 0, "set");
    expect(args.flags).toBe(STRING_FLAG.IFEQ | STRING_FLAG.NX);
  });
});

describe("bit helpers", () => {
  test("countBits counts per byte and per word alike", ({ expect }) => {
    const value = pattern(1000);
    let expected = 0;
    for (let i = 10; i <= 900; i++) {
      expected += value.charCodeAt(i).toString(2).replaceAll("0", "").length;
    }
    expect(countBits(value, 10, 900)).toBe(expected);
    expect(countBits(value, 10, 20)).toBe(countBits(value.slice(10, 21), 0, 10));
  });

  test("bitfields read and write across byte boundaries, big-endian by bit", ({ expect }) => {
    // SETting u5 = 23 at offset 7 gives 00000001 01110000 (src/bitops.c's example).
    const bytes = new Uint8Array(2);
    writeBitfield(bytes, { offset: 7, bits: 5 }, 23n);
    expect([...bytes]).toEqual([0b00000001, 0b01110000]);
    const byteAt = (index: number): number => bytes[index] ?? 0;
    expect(readBitfield(byteAt, { offset: 7, bits: 5, isSigned: false })).toBe(23n);
    expect(readBitfield(byteAt, { offset: 7, bits: 5, isSigned: true })).toBe(-9n);
    expect(readBitfield(byteAt, { offset: 60, bits: 8, isSigned: false })).toBe(0n);
  });

  test("overflow: WRAP keeps the low bits, SAT clamps, FAIL refuses", ({ expect }) => {
    const u8 = { isSigned: false, bits: 8 };
    const i8 = { isSigned: true, bits: 8 };
    expect(applyBitfieldOverflow({ ...u8, overflow: "WRAP" }, 250n, 10n)).toBe(4n);
    expect(applyBitfieldOverflow({ ...u8, overflow: "SAT" }, 250n, 10n)).toBe(255n);
    expect(applyBitfieldOverflow({ ...u8, overflow: "SAT" }, 5n, -10n)).toBe(0n);
    expect(applyBitfieldOverflow({ ...u8, overflow: "FAIL" }, 250n, 10n)).toBeUndefined();
    expect(applyBitfieldOverflow({ ...i8, overflow: "WRAP" }, 127n, 1n)).toBe(-128n);
    expect(applyBitfieldOverflow({ ...i8, overflow: "SAT" }, -100n, -100n)).toBe(-128n);
    const i64 = { isSigned: true, bits: 64, overflow: "WRAP" } as const;
    expect(applyBitfieldOverflow(i64, 2n ** 63n - 1n, 1n)).toBe(-(2n ** 63n));
  });
});
