import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import {
  asciiUpper,
  binaryToBytes,
  bytesToBinary,
  isStringTooLongError,
  MAX_BINARY_LENGTH,
} from "./bytes.ts";

fcTest.prop([fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 8 })])(
  "bytes → binary string → bytes is exact, short and long, views included",
  (bytes, offset) => {
    const view = new Uint8Array(offset + bytes.length);
    view.set(bytes, offset);
    const binary = bytesToBinary(view.subarray(offset));
    return (
      binary === Buffer.from(bytes).toString("latin1") &&
      Buffer.from(binaryToBytes(binary)).equals(Buffer.from(bytes))
    );
  },
);

/** Redis's `toupper` in the C locale, byte by byte: only a–z change. */
function upperByteByByte(binary: string): string {
  return Array.from(binary, (char) =>
    char >= "a" && char <= "z" ? String.fromCharCode(char.charCodeAt(0) - 0x20) : char,
  ).join("");
}

fcTest.prop([
  fc.oneof(
    fc.uint8Array({ maxLength: 40 }).map(bytesToBinary),
    fc.constantFrom("get", "GET", "Set", "ßubscribe", "\xffget", "get\xff", ""),
  ),
])("asciiUpper changes a–z only, whatever other bytes the name has", (binary) => {
  return asciiUpper(binary) === upperByteByByte(binary);
});

test("a string past MAX_BINARY_LENGTH is refused by V8 and Node, and recognised", ({ expect }) => {
  const attempts = [
    () => "x".repeat(MAX_BINARY_LENGTH + 1),
    () => ["x".repeat(MAX_BINARY_LENGTH), "y"].join(""),
    // Not zero-filled and never read (Node checks the length first), so these pages stay unmapped.
    () => bytesToBinary(Buffer.allocUnsafe(MAX_BINARY_LENGTH + 1)),
    () => new TextDecoder().decode(Buffer.allocUnsafe(MAX_BINARY_LENGTH + 1)),
  ];
  expect(attempts.map((attempt) => isStringTooLongError(thrownBy(attempt)))).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(isStringTooLongError(new RangeError("Maximum call stack size exceeded"))).toBe(false);
  expect(isStringTooLongError(new Error("Invalid string length"))).toBe(false);
  expect("x".repeat(MAX_BINARY_LENGTH)).toHaveLength(MAX_BINARY_LENGTH);
});

function thrownBy(attempt: () => unknown): unknown {
  try {
    attempt();
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}
