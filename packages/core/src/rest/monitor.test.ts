import { describe, test } from "vitest";
import { RestFormatError } from "./errors.ts";
import { formatMonitorLine, MONITOR_OK_ITEM, MONITOR_REST_ADDRESS } from "./monitor.ts";

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
