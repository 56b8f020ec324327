import { test } from "vitest";
import { murmur3 } from "./hash.ts";

test("MurmurHash3 x86_32 reference values", ({ expect }) => {
  expect(murmur3("", 0)).toBe(0);
  expect(murmur3("", 1)).toBe(0x514e28b7);
  expect(murmur3("hello", 0)).toBe(0x248bfa47);
  expect(murmur3("The quick brown fox jumps over the lazy dog", 0)).toBe(0x2e4ff723);
  // UTF-8 bytes, not UTF-16 units.
  expect(murmur3("é", 0)).toBe(murmur3("\u00e9", 0));
  expect(murmur3("é", 0)).not.toBe(murmur3("e\u0301", 0));
});
