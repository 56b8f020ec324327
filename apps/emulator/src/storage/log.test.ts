import { crc32 as zlibCrc32 } from "node:zlib";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { EmulatorError } from "../errors.ts";
import { encodeLogRecord, LOG_RECORD_HEADER_BYTES, scanLog } from "./log.ts";

const FILE = "/data/kv/kv.1.log";

function logOf(records: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(records.map(encodeLogRecord));
}

function bytesOf(records: readonly Uint8Array[]): number[][] {
  return records.map((record) => [...record]);
}

const SAMPLE = [
  new Uint8Array([1, 2, 3]),
  new Uint8Array(0),
  new TextEncoder().encode("SET greeting hello"),
  new Uint8Array(300).fill(7),
];

describe("encodeLogRecord", () => {
  test("frames a payload as u32 LE length, CRC-32 of length and payload, payload", ({ expect }) => {
    // Given
    const payload = new TextEncoder().encode("123456789");

    // When
    const frame = encodeLogRecord(payload);

    // Then
    expect([...frame.subarray(0, 4)]).toEqual([9, 0, 0, 0]);
    // zlib as the oracle: the CRC covers the four length bytes, then the payload.
    expect(Buffer.from(frame).readUInt32LE(4)).toBe(
      zlibCrc32(Buffer.from([9, 0, 0, 0, ...payload])),
    );
    expect([...frame.subarray(LOG_RECORD_HEADER_BYTES)]).toEqual([...payload]);
  });

  test("copies the payload, so the caller may reuse its buffer", ({ expect }) => {
    const payload = new Uint8Array([1, 2, 3]);
    const frame = encodeLogRecord(payload);
    payload.fill(0);
    expect([...frame.subarray(LOG_RECORD_HEADER_BYTES)]).toEqual([1, 2, 3]);
  });
});

describe("scanLog", () => {
  test("reads back every record", ({ expect }) => {
    const scan = scanLog(logOf(SAMPLE), FILE);
    expect(bytesOf(scan.records)).toEqual(bytesOf(SAMPLE));
    expect(scan.tail).toBeUndefined();
  });

  test("an empty log has no records", ({ expect }) => {
    expect(scanLog(new Uint8Array(0), FILE)).toEqual({ records: [], validBytes: 0 });
  });

  test("cut at every byte: the complete records load and the rest is the tail", ({ expect }) => {
    const log = logOf(SAMPLE);
    for (let cut = 0; cut <= log.byteLength; cut++) {
      // Given the records that end at or before the cut
      let end = 0;
      let complete = 0;
      for (const record of SAMPLE) {
        if (end + LOG_RECORD_HEADER_BYTES + record.byteLength > cut) {
          break;
        }
        end += LOG_RECORD_HEADER_BYTES + record.byteLength;
        complete++;
      }

      // When
      const scan = scanLog(log.subarray(0, cut), FILE);

      // Then
      expect(bytesOf(scan.records)).toEqual(bytesOf(SAMPLE.slice(0, complete)));
      expect(scan.validBytes).toBe(end);
      expect(scan.tail?.bytes ?? 0).toBe(cut - end);
    }
  });

  fcTest.prop([fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 10 }), fc.nat()])(
    "cut anywhere, arbitrary records: a prefix of whole records, then the tail",
    (records, seed) => {
      const log = logOf(records);
      const cut = seed % (log.byteLength + 1);
      const scan = scanLog(log.subarray(0, cut), FILE);
      const prefix = logOf(scan.records);
      return (
        scan.validBytes === prefix.byteLength &&
        Buffer.from(log.subarray(0, scan.validBytes)).equals(prefix) &&
        (scan.tail?.bytes ?? 0) === cut - scan.validBytes &&
        // Nothing whole is dropped: the next record did not fit before the cut.
        (scan.records.length === records.length ||
          scan.validBytes +
            LOG_RECORD_HEADER_BYTES +
            (records[scan.records.length]?.byteLength ?? 0) >
            cut)
      );
    },
  );

  test("a zero-filled tail is a tail, not a run of empty records", ({ expect }) => {
    const log = Buffer.concat([logOf(SAMPLE), new Uint8Array(4096)]);
    const scan = scanLog(log, FILE);
    expect(scan.records).toHaveLength(SAMPLE.length);
    expect(scan.tail).toEqual({ bytes: 4096, reason: "a record whose CRC does not match" });
  });

  test("a last record with a bad CRC is a tail", ({ expect }) => {
    const log = logOf(SAMPLE);
    log[log.byteLength - 1] = (log[log.byteLength - 1] ?? 0) ^ 0xff;
    const scan = scanLog(log, FILE);
    expect(scan.records).toHaveLength(SAMPLE.length - 1);
    expect(scan.tail?.reason).toBe("a record whose CRC does not match");
  });

  test.for([
    [
      "a flipped payload byte",
      (log: Uint8Array) => {
        log[LOG_RECORD_HEADER_BYTES] = (log[LOG_RECORD_HEADER_BYTES] ?? 0) ^ 0x01;
      },
    ],
    [
      "a flipped CRC byte",
      (log: Uint8Array) => {
        log[5] = (log[5] ?? 0) ^ 0x80;
      },
    ],
    [
      "a length grown past the end",
      (log: Uint8Array) => {
        log[3] = 0x7f;
      },
    ],
    [
      "a length shrunk",
      (log: Uint8Array) => {
        log[0] = 1;
      },
    ],
  ] as const)("damage before the tail (%s) is ERR_DATA_CORRUPT", ([, damage], { expect }) => {
    // Given a log whose first record is damaged
    const log = logOf(SAMPLE);
    damage(log);

    // When / Then
    expect(() => scanLog(log, FILE)).toThrow(
      expect.objectContaining({
        name: "EmulatorError",
        code: "ERR_DATA_CORRUPT",
        message: expect.stringMatching(
          /^Log \/data\/kv\/kv\.1\.log is corrupt at offset 0 .*offset \d+/,
        ),
      }),
    );
  });

  test("the error names the offset of the damaged record", ({ expect }) => {
    const log = logOf(SAMPLE);
    const second = LOG_RECORD_HEADER_BYTES + 3;
    log[second + 4] = (log[second + 4] ?? 0) ^ 0xff;
    let error: unknown;
    try {
      scanLog(log, FILE);
    } catch (caught: unknown) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).message).toContain(`corrupt at offset ${second} `);
  });
});
