import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { createSseParser, encodeSseEvent } from "../sse/index.ts";
import { RestFormatError } from "./errors.ts";
import {
  formatMonitorLine,
  MONITOR_OK_ITEM,
  MONITOR_REST_ADDRESS,
  parseMonitorLine,
  replaceMonitorAddress,
} from "./monitor.ts";

describe("formatMonitorLine", () => {
  test("writes Redis's MONITOR example", ({ expect }) => {
    const line = formatMonitorLine({
      timestampMicros: 1339518083107412,
      db: 0,
      address: "127.0.0.1:60866",
      argv: ["keys", "*"],
    });
    expect(line).toBe('1339518083.107412 [0 127.0.0.1:60866] "keys" "*"');
  });

  test("writes the service's REST lines (spec/kv-rest-wire.md §11.3)", ({ expect }) => {
    const line = formatMonitorLine({
      timestampMicros: 1721284008663811,
      db: 0,
      address: MONITOR_REST_ADDRESS,
      argv: ["SET", "k", "v"],
    });
    expect(line).toBe('1721284008.663811 [0 0.0.0.0:0] "SET" "k" "v"');
    expect(`data: ${MONITOR_OK_ITEM}`).toBe('data: "OK"');
  });

  test("pads the microseconds to six digits", ({ expect }) => {
    const line = formatMonitorLine({
      timestampMicros: 1_000_000_007,
      db: 3,
      address: "lua",
      argv: ["PING"],
    });
    expect(line).toBe('1000.000007 [3 lua] "PING"');
  });

  test("escapes like sdscatrepr", ({ expect }) => {
    const argv = [
      Uint8Array.of(
        0x22,
        0x5c,
        0x0a,
        0x0d,
        0x09,
        0x07,
        0x08,
        0x00,
        0x1f,
        0x7f,
        0x80,
        0xff,
        0x20,
        0x7e,
      ),
    ];
    const line = formatMonitorLine({ timestampMicros: 0, db: 0, address: "a", argv });
    expect(line).toBe('0.000000 [0 a] "\\"\\\\\\n\\r\\t\\a\\b\\x00\\x1f\\x7f\\x80\\xff ~"');
  });

  test("quotes strings as their UTF-8 bytes", ({ expect }) => {
    const line = formatMonitorLine({
      timestampMicros: 0,
      db: 0,
      address: "a",
      argv: ["héllo", ""],
    });
    expect(line).toBe('0.000000 [0 a] "h\\xc3\\xa9llo" ""');
  });

  test.for([
    { timestampMicros: -1, db: 0 },
    { timestampMicros: 1.5, db: 0 },
    { timestampMicros: 0, db: -1 },
  ])("rejects %j", (fields, { expect }) => {
    expect(() => formatMonitorLine({ ...fields, address: "a", argv: [] })).toThrow(RestFormatError);
  });
});

describe("parseMonitorLine", () => {
  test("reads Redis's MONITOR example back", ({ expect }) => {
    const entry = parseMonitorLine('1339518083.107412 [0 127.0.0.1:60866] "keys" "*"');
    expect(entry).toEqual({
      timestampMicros: 1339518083107412,
      db: 0,
      address: "127.0.0.1:60866",
      argv: [new TextEncoder().encode("keys"), new TextEncoder().encode("*")],
    });
  });

  test("reads redis-server's lines: IPv6 peers, escapes, scripts", ({ expect }) => {
    const encoder = new TextEncoder();
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
    "garbage",
    "",
    "OK",
    '1339518083.107412 [0 lua] keys "*"',
    '1339518083.107412 [0 lua] "unterminated',
    '1339518083.107412 [0 lua] "bad \\q escape"',
    "1339518083.107412 [0 lua]",
    '1339518083.107 [0 127.0.0.1:1] "GET"',
    '1339518083.107412 [0 127.0.0.1:1] "GET""k"',
    '1339518083.107412 [0 127.0.0.1:1] "\\x4"',
  ])("%j is not a monitor line", (line, { expect }) => {
    expect(parseMonitorLine(line)).toBeUndefined();
  });

  fcTest.prop([
    fc.record({
      timestampMicros: fc.integer({ min: 0, max: 4_102_444_800_000_000 }),
      db: fc.integer({ min: 0, max: 15 }),
      address: fc.constantFrom("0.0.0.0:0", "lua", "127.0.0.1:6379", "[::1]:1"),
      argv: fc.array(fc.uint8Array({ maxLength: 16 }), { minLength: 1, maxLength: 5 }),
    }),
  ])("inverts formatMonitorLine for any bytes", (entry) => {
    const parsed = parseMonitorLine(formatMonitorLine(entry));
    return (
      parsed !== undefined &&
      parsed.timestampMicros === entry.timestampMicros &&
      parsed.db === entry.db &&
      parsed.address === entry.address &&
      JSON.stringify(parsed.argv.map((bytes) => [...bytes])) ===
        JSON.stringify(entry.argv.map((bytes) => [...bytes]))
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
  expect(replaceMonitorAddress('1.000001 [0 [::1]:9] "GET" "k"', () => "0.0.0.0:0")).toBe(
    '1.000001 [0 0.0.0.0:0] "GET" "k"',
  );
  expect(replaceMonitorAddress('1.000001 [0 10.0.0.1:9] "GET" "k"', map)).toBe(
    '1.000001 [0 10.0.0.1:9] "GET" "k"',
  );
  expect(replaceMonitorAddress("OK", map)).toBe("OK");
});

describe("monitor lines over SSE (issue: SSE newlines)", () => {
  const entry = fc.record({
    timestampMicros: fc.integer({ min: 0, max: 4_102_444_800_000_000 }),
    db: fc.integer({ min: 0, max: 15 }),
    address: fc.constant(MONITOR_REST_ADDRESS),
    argv: fc.array(
      fc.oneof(
        fc.uint8Array({ maxLength: 8 }),
        fc
          .constantFrom("\n", "\r\n", "x\ndata: message,admin,FORGED", "\0\xff")
          .map((text) => Uint8Array.from(text, (character) => character.charCodeAt(0))),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  });

  fcTest.prop([fc.array(entry, { minLength: 1, maxLength: 3 })])(
    "an argument with line breaks stays on its command's one line, as Redis quotes it",
    (entries) => {
      // Redis 7.0's MONITOR prints SET k "a\nb" as "a\\nb" (sdscatrepr), so no line ever breaks.
      const lines = entries.map(formatMonitorLine);
      const stream = [MONITOR_OK_ITEM, ...lines].map((data) => encodeSseEvent({ data })).join("");
      const sdkLines = stream.split("\n").filter((line) => line.startsWith("data: "));
      const parser = createSseParser({ dispatch: "auto" });
      const events = parser.push(stream).map((event) => event.data);
      return (
        lines.every((line) => !/[\r\n]/.test(line)) &&
        sdkLines.length === lines.length + 1 &&
        JSON.stringify(events) === JSON.stringify([MONITOR_OK_ITEM, ...lines])
      );
    },
  );
});
