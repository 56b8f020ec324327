import { fc, test as fcTest } from "@fast-check/vitest";
import { asciiUpper, binaryToBytes, bytesToBinary } from "./bytes.ts";

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
