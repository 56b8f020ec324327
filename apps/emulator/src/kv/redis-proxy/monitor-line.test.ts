import { fc, test as fcTest } from "@fast-check/vitest";
import { formatMonitorLine } from "@stratus/core/rest";
import { describe, test } from "vitest";
import { parseMonitorLine, replaceMonitorAddress } from "./monitor-line.ts";

const encoder = new TextEncoder();

describe("parseMonitorLine", () => {
  test("reads Redis's own lines", ({ expect }) => {
    // Given lines as redis-server 7.0 prints them
    expect(parseMonitorLine('1339518083.107412 [0 127.0.0.1:60866] "keys" "*"')).toEqual({
      timestampMicros: 1339518083107412,
      db: 0,
      address: "127.0.0.1:60866",
      argv: [encoder.encode("keys"), encoder.encode("*")],
    });
    expect(
      parseMonitorLine(
        '1721284005.000042 [12 [::1]:6000] "SET" "a \\"b\\"\\\\" "\\x00\\xff\\r\\n"',
      ),
    ).toEqual({
      timestampMicros: 1721284005000042,
      db: 12,
      address: "[::1]:6000",
      argv: [
        encoder.encode("SET"),
        encoder.encode('a "b"\\'),
        Uint8Array.from([0x00, 0xff, 0x0d, 0x0a]),
      ],
    });
    expect(parseMonitorLine('1.000001 [3 lua] "GET" "k"')?.address).toBe("lua");
  });

  test.for([
    "OK",
    "",
    "1339518083.107412 [0 127.0.0.1:1]",
    '1339518083.107 [0 127.0.0.1:1] "GET"',
    '1339518083.107412 [0 127.0.0.1:1] "GET',
    '1339518083.107412 [0 127.0.0.1:1] "GET""k"',
    '1339518083.107412 [0 127.0.0.1:1] "\\q"',
    '1339518083.107412 [0 127.0.0.1:1] "\\x4"',
  ])("returns undefined for %j", (text, { expect }) => {
    expect(parseMonitorLine(text)).toBeUndefined();
  });

  fcTest.prop([
    fc.record({
      timestampMicros: fc.integer({ min: 0, max: 4_102_444_800_000_000 }),
      db: fc.integer({ min: 0, max: 1000 }),
      address: fc.constantFrom("127.0.0.1:6379", "0.0.0.0:0", "[::1]:1", "lua"),
      argv: fc.array(fc.uint8Array({ maxLength: 20 }), { minLength: 1, maxLength: 5 }),
    }),
  ])("inverts formatMonitorLine", (entry) => {
    const parsed = parseMonitorLine(formatMonitorLine(entry));
    return (
      parsed !== undefined &&
      parsed.timestampMicros === entry.timestampMicros &&
      parsed.db === entry.db &&
      parsed.address === entry.address &&
      parsed.argv.length === entry.argv.length &&
      parsed.argv.every((arg, index) =>
        Buffer.from(arg).equals(entry.argv[index] ?? new Uint8Array()),
      )
    );
  });
});

test("replaceMonitorAddress swaps only the peer", ({ expect }) => {
  const line = '1.000001 [0 127.0.0.1:5] "SET" "[0 127.0.0.1:5]" "v"';
  const map = (address: string): string | undefined =>
    address === "127.0.0.1:5" ? "0.0.0.0:0" : undefined;
  expect(replaceMonitorAddress(line, map)).toBe(
    '1.000001 [0 0.0.0.0:0] "SET" "[0 127.0.0.1:5]" "v"',
  );
  expect(replaceMonitorAddress('1.000001 [0 10.0.0.1:9] "GET" "k"', map)).toBe(
    '1.000001 [0 10.0.0.1:9] "GET" "k"',
  );
  expect(replaceMonitorAddress("OK", map)).toBe("OK");
});
