/**
 * The snapshot file: a header, then the owner's state bytes.
 *
 * | offset | size | field                                                  |
 * | ------ | ---- | ------------------------------------------------------ |
 * | 0      | 8    | magic `STRATSNP`                                       |
 * | 8      | 4    | format version, u32 LE (1)                             |
 * | 12     | 4    | CRC-32 of bytes 16.. (the length, then the state)      |
 * | 16     | 8    | state length in bytes, u64 LE                          |
 * | 24     | n    | state                                                  |
 *
 * @module
 */
import { open, readFile, rename, rm } from "node:fs/promises";
import { EmulatorError } from "../errors.ts";
import { crc32 } from "./crc32.ts";
import { writeFully } from "./files.ts";

/** The first eight bytes of every snapshot file. */
export const SNAPSHOT_MAGIC: Uint8Array = new TextEncoder().encode("STRATSNP");

/** The snapshot format this code writes and reads. */
export const SNAPSHOT_VERSION = 1;

/** Bytes before the state. */
export const SNAPSHOT_HEADER_BYTES = 24;

/** The header for `state`. */
export function encodeSnapshotHeader(state: Uint8Array): Uint8Array {
  const header = new Uint8Array(SNAPSHOT_HEADER_BYTES);
  const view = new DataView(header.buffer);
  header.set(SNAPSHOT_MAGIC, 0);
  view.setUint32(8, SNAPSHOT_VERSION, true);
  view.setBigUint64(16, BigInt(state.byteLength), true);
  view.setUint32(12, crc32(state, crc32(header.subarray(16, 24))), true);
  return header;
}

/**
 * The state inside a snapshot file's bytes, after checking all of it: a snapshot is loaded whole
 * or not at all.
 *
 * @param file - the file's path, for messages.
 * @throws {EmulatorError} `ERR_DATA_CORRUPT` for a wrong magic, version, length or CRC.
 */
export function decodeSnapshot(bytes: Uint8Array, file: string): Uint8Array {
  const corrupt = (detail: string): EmulatorError =>
    new EmulatorError(
      "ERR_DATA_CORRUPT",
      `Snapshot ${file} is corrupt: ${detail}. Refusing to load it; restore it from a backup, ` +
        "or move this store's files aside to start empty.",
    );
  if (bytes.byteLength < SNAPSHOT_HEADER_BYTES) {
    throw corrupt(
      `it is ${bytes.byteLength} bytes, shorter than the ${SNAPSHOT_HEADER_BYTES}-byte header`,
    );
  }
  if (!SNAPSHOT_MAGIC.every((byte, index) => bytes[index] === byte)) {
    throw corrupt("it does not start with the snapshot magic (offset 0)");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== SNAPSHOT_VERSION) {
    throw corrupt(
      `format version ${version} at offset 8; this emulator reads version ${SNAPSHOT_VERSION}`,
    );
  }
  const declared = view.getBigUint64(16, true);
  const present = bytes.byteLength - SNAPSHOT_HEADER_BYTES;
  if (declared !== BigInt(present)) {
    throw corrupt(
      `the header (offset 16) declares ${declared} bytes of state, the file holds ${present}`,
    );
  }
  const state = bytes.subarray(SNAPSHOT_HEADER_BYTES);
  const expected = view.getUint32(12, true);
  const actual = crc32(state, crc32(bytes.subarray(16, 24)));
  if (actual !== expected) {
    throw corrupt(
      `CRC mismatch (offset 12 stores ${hex(expected)}, the contents give ${hex(actual)})`,
    );
  }
  return state;
}

function hex(value: number): string {
  return `0x${value.toString(16).padStart(8, "0")}`;
}

/** Reads and checks the snapshot file at `path`; see {@link decodeSnapshot}. */
export async function readSnapshotFile(path: string): Promise<Uint8Array> {
  return decodeSnapshot(await readFile(path), path);
}

/**
 * Writes `state` to `temporaryPath`, fsyncs it and renames it to `path`. The rename is the commit
 * point: before it, `path` does not exist; after it, `path` holds the whole, durable snapshot.
 * On failure before the rename the temporary file is removed and nothing changed.
 *
 * The caller must still fsync the directory to make the rename itself durable.
 */
export async function writeSnapshotFile(input: {
  readonly temporaryPath: string;
  readonly path: string;
  readonly state: Uint8Array;
}): Promise<void> {
  const { temporaryPath, path, state } = input;
  try {
    // "w" rather than "wx": a temporary file left by a crash is garbage and may be overwritten.
    const handle = await open(temporaryPath, "w");
    try {
      await writeFully(handle, [encodeSnapshotHeader(state), state], 0);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, path);
  } catch (error: unknown) {
    // Best effort: a leftover temporary file is deleted on the next open anyway, and the original
    // error is the one worth reporting.
    await rm(temporaryPath, { force: true }).catch(() => undefined);
    throw error;
  }
}
