/**
 * The append-only log's record framing and the scan that recovers it after a crash.
 *
 * A record is `length: u32 LE | crc: u32 LE | payload`, where `crc` is the CRC-32 of the four
 * length bytes followed by the payload. Covering the length means a zero-filled region (what a
 * file system may leave after a crash when it extended a file but never wrote its data) is not a
 * run of valid empty records: the CRC of `00 00 00 00` is `0x2144df1c`, not 0.
 *
 * @module
 */
import { EmulatorError } from "../errors.ts";
import { crc32 } from "./crc32.ts";

/** Bytes before each payload: the length and the CRC. */
export const LOG_RECORD_HEADER_BYTES = 8;

/** The largest payload a u32 length can describe. */
export const MAX_LOG_RECORD_BYTES = 0xffff_ffff;

/** The result of scanning a log file. */
export type LogScan = {
  /** Payloads of the valid records, in order; views into the scanned bytes. */
  readonly records: Uint8Array[];
  /** Length of the prefix made of whole, valid records: where the next record goes. */
  readonly validBytes: number;
  /** The torn or corrupt tail after `validBytes`, when there is one. */
  readonly tail?: { readonly bytes: number; readonly reason: string };
};

/** Frames `payload` as one log record (a copy: the caller may reuse `payload`). */
export function encodeLogRecord(payload: Uint8Array): Uint8Array {
  if (payload.byteLength > MAX_LOG_RECORD_BYTES) {
    throw new EmulatorError(
      "ERR_INTERNAL",
      `A log record holds at most ${MAX_LOG_RECORD_BYTES} bytes; got ${payload.byteLength}.`,
    );
  }
  // allocUnsafe takes small records from Node's shared pool: no zeroing, no allocation per call.
  const frame = Buffer.allocUnsafe(LOG_RECORD_HEADER_BYTES + payload.byteLength);
  frame.writeUInt32LE(payload.byteLength, 0);
  frame.set(payload, LOG_RECORD_HEADER_BYTES);
  frame.writeUInt32LE(crc32(payload, crc32(frame.subarray(0, 4))), 4);
  return frame;
}

/** What is at one offset of a log: a valid record ending at `end`, or why there is none. */
type Frame = { readonly end: number } | { readonly reason: string };

function readFrame(bytes: Uint8Array, view: DataView, offset: number): Frame {
  const available = bytes.byteLength - offset;
  if (available < LOG_RECORD_HEADER_BYTES) {
    return { reason: `an incomplete record header (${available} of 8 bytes)` };
  }
  const length = view.getUint32(offset, true);
  if (length > available - LOG_RECORD_HEADER_BYTES) {
    const present = available - LOG_RECORD_HEADER_BYTES;
    return { reason: `an incomplete record (${length} bytes declared, ${present} present)` };
  }
  const end = offset + LOG_RECORD_HEADER_BYTES + length;
  const expected = view.getUint32(offset + 4, true);
  const actual = crc32(
    bytes.subarray(offset + LOG_RECORD_HEADER_BYTES, end),
    crc32(bytes.subarray(offset, offset + 4)),
  );
  if (actual !== expected) {
    return { reason: "a record whose CRC does not match" };
  }
  return { end };
}

/**
 * Reads every record of a log file's contents.
 *
 * Stops at the first record that is incomplete or fails its CRC. If nothing valid follows, that
 * is the tail a crash cut short (or left half-written), reported in `tail` for the caller to
 * truncate. If a valid record starts anywhere after it, the damage is in the middle of the log
 * and dropping it would silently lose the records behind it, so this throws instead.
 *
 * @param file - the file's path, for messages.
 * @throws {EmulatorError} `ERR_DATA_CORRUPT` when valid records follow a damaged one.
 */
export function scanLog(bytes: Uint8Array, file: string): LogScan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.byteLength) {
    const frame = readFrame(bytes, view, offset);
    if ("reason" in frame) {
      assertNothingValidAfter({ bytes, view, file, damage: { offset, reason: frame.reason } });
      return {
        records,
        validBytes: offset,
        tail: { bytes: bytes.byteLength - offset, reason: frame.reason },
      };
    }
    records.push(bytes.subarray(offset + LOG_RECORD_HEADER_BYTES, frame.end));
    offset = frame.end;
  }
  return { records, validBytes: offset };
}

/**
 * A damaged length field hides where the next record starts, so every later offset is tried.
 * Most offsets are rejected by their length alone (it overshoots the file); a false match needs a
 * 32-bit CRC to agree by chance.
 */
function assertNothingValidAfter(input: {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly file: string;
  readonly damage: { readonly offset: number; readonly reason: string };
}): void {
  const { bytes, view, file, damage } = input;
  for (
    let offset = damage.offset + 1;
    offset + LOG_RECORD_HEADER_BYTES <= bytes.byteLength;
    offset++
  ) {
    if ("end" in readFrame(bytes, view, offset)) {
      throw new EmulatorError(
        "ERR_DATA_CORRUPT",
        `Log ${file} is corrupt at offset ${damage.offset} (${damage.reason}), yet a valid ` +
          `record follows at offset ${offset}. Refusing to drop the records written after the ` +
          `damage: restore the file from a backup, or truncate it to ${damage.offset} bytes to ` +
          "keep only the records before it.",
      );
    }
  }
}
