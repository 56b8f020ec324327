import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import {
  decodeSnapshot,
  encodeSnapshotHeader,
  SNAPSHOT_HEADER_BYTES,
  SNAPSHOT_MAGIC,
} from "./snapshot.ts";

const FILE = "/data/kv/kv.3.snapshot";

function snapshotOf(state: Uint8Array): Uint8Array {
  return Buffer.concat([encodeSnapshotHeader(state), state]);
}

describe("snapshot file", () => {
  fcTest.prop([fc.uint8Array({ maxLength: 2000 })])("round-trips any state", (state) => {
    return Buffer.from(decodeSnapshot(snapshotOf(state), FILE)).equals(state);
  });

  test("starts with the magic and version 1", ({ expect }) => {
    const file = snapshotOf(new Uint8Array([1, 2, 3]));
    expect([...file.subarray(0, 8)]).toEqual([...SNAPSHOT_MAGIC]);
    expect(new TextDecoder().decode(SNAPSHOT_MAGIC)).toBe("STRATSNP");
    expect(Buffer.from(file).readUInt32LE(8)).toBe(1);
    expect(Buffer.from(file).readBigUInt64LE(16)).toBe(3n);
    expect(file.byteLength).toBe(SNAPSHOT_HEADER_BYTES + 3);
  });

  const state = new TextEncoder().encode("the whole keyspace");
  test.for([
    ["a flipped state byte", (file: Uint8Array) => file, 30, /CRC mismatch/],
    ["a wrong magic", (file: Uint8Array) => file, 0, /snapshot magic/],
    ["an unknown version", (file: Uint8Array) => file, 8, /format version/],
    ["a flipped length", (file: Uint8Array) => file, 16, /declares/],
    [
      "a truncated file",
      (file: Uint8Array) => file.subarray(0, file.byteLength - 1),
      -1,
      /declares/,
    ],
    ["a file shorter than the header", (file: Uint8Array) => file.subarray(0, 10), -1, /shorter/],
  ] as const)("refuses %s with ERR_DATA_CORRUPT", ([, cut, flipAt, reason], { expect }) => {
    // Given
    const file = Uint8Array.from(snapshotOf(state));
    if (flipAt >= 0) {
      file[flipAt] = (file[flipAt] ?? 0) ^ 0x01;
    }

    // When / Then
    expect(() => decodeSnapshot(cut(file), FILE)).toThrow(
      expect.objectContaining({
        code: "ERR_DATA_CORRUPT",
        message: expect.stringMatching(
          new RegExp(`^Snapshot ${FILE} is corrupt: .*${reason.source}`),
        ),
      }),
    );
  });
});
