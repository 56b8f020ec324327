import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { listpackEntry } from "./dump/listpack.ts";
import {
  EMPTY_LISTPACK,
  listpackBytes,
  listpackEntrySize,
  listpackIntegerSize,
} from "./listpack-size.ts";

describe("listpack size model", () => {
  test.for([
    // 7-bit unsigned: one byte, plus a one-byte back-length.
    ["0", 2],
    ["127", 2],
    // 13-bit signed
    ["128", 3],
    ["-1", 3],
    ["4095", 3],
    ["-4096", 3],
    // 16, 24, 32 and 64-bit signed: an encoding byte and the integer's bytes.
    ["4096", 4],
    ["-32768", 4],
    ["32768", 5],
    ["8388607", 5],
    ["8388608", 6],
    ["-2147483648", 6],
    ["2147483648", 10],
    ["9223372036854775807", 10],
    ["-9223372036854775808", 10],
  ] as const)("the integer %s takes %i bytes", ([text, size], { expect }) => {
    expect(listpackEntrySize(text)).toBe(size);
  });

  test.for([
    // Not integers to lpStringToInt64: a string of 1 + length bytes, plus the back-length.
    ["", 2],
    ["a", 3],
    ["007", 5],
    ["+1", 4],
    ["-0", 4],
    [" 1", 4],
    ["1.5", 5],
    ["9223372036854775808", 21],
    ["-9223372036854775809", 22],
  ] as const)("the text %j takes %i bytes", ([text, size], { expect }) => {
    expect(listpackEntrySize(text)).toBe(size);
  });

  test("string length forms: 6-bit below 64 bytes, 12-bit below 4096, then 32-bit", ({
    expect,
  }) => {
    expect(listpackEntrySize("x".repeat(63))).toBe(1 + 63 + 1);
    expect(listpackEntrySize("x".repeat(64))).toBe(2 + 64 + 1);
    // The back-length needs a second byte once the element passes 127 bytes.
    expect(listpackEntrySize("x".repeat(125))).toBe(2 + 125 + 1);
    expect(listpackEntrySize("x".repeat(126))).toBe(2 + 126 + 2);
    expect(listpackEntrySize("x".repeat(4095))).toBe(2 + 4095 + 2);
    expect(listpackEntrySize("x".repeat(4096))).toBe(5 + 4096 + 2);
    expect(listpackEntrySize("x".repeat(20_000))).toBe(5 + 20_000 + 3);
  });

  test("integers given as numbers", ({ expect }) => {
    expect(listpackIntegerSize(0)).toBe(2);
    expect(listpackIntegerSize(-4096)).toBe(3);
    expect(listpackIntegerSize(1_700_000_000_000)).toBe(10);
  });

  test("a listpack: header, elements and end byte", ({ expect }) => {
    expect(listpackBytes([])).toBe(EMPTY_LISTPACK);
    // HSET h a 1 b 2 c 3 in redis-server 7.0: 22 bytes (its 32-byte allocation is what MEMORY USAGE counts).
    expect(listpackBytes(["a", "1", "b", "2", "c", "3"])).toBe(22);
  });

  fcTest.prop([fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })])(
    "every int64's decimal text is stored as that integer",
    (value) => {
      const fromText = listpackEntrySize(String(value));
      return (
        fromText <= 10 &&
        fromText ===
          (value >= -(2n ** 31n) && value < 2n ** 31n ? listpackIntegerSize(Number(value)) : 10)
      );
    },
  );

  fcTest.prop([
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 5000 }),
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
    ),
  ])("each element's size is the length of the entry the DUMP encoder writes", (text) => {
    return listpackEntrySize(text) === listpackEntry(text).length;
  });
});
