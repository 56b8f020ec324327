import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { StratusCoreError } from "../errors.ts";
import { decodeResp2 } from "./decode.ts";
import { Resp2ProtocolError } from "./protocol-error.ts";
import type { Resp2Value } from "./value.ts";

const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const bulk = (text: string): Resp2Value => ({ kind: "bulk", value: raw(text) });

/** Decodes wire text that must hold exactly one complete frame. */
function decodeWhole(text: string): Resp2Value | undefined {
  const result = decodeResp2(raw(text));
  return result.status === "complete" && result.offset === text.length ? result.value : undefined;
}

/** The error `decodeResp2` throws for `text`, or `undefined`. */
function errorOf(text: string): unknown {
  try {
    decodeResp2(raw(text));
    return undefined;
  } catch (error: unknown) {
    return error;
  }
}

/**
 * Names table rows by their wire text, JSON-quoted so CR and LF show. (Vitest reads `$…` in a
 * name as a placeholder, so raw wire text cannot be the name itself.)
 */
function named<TRow extends readonly [string, ...unknown[]]>(
  rows: readonly TRow[],
): { name: string; row: TRow }[] {
  return rows.map((row) => ({ name: JSON.stringify(row[0]), row }));
}

/** Wire text and the value it decodes to. */
const FRAMES: readonly (readonly [string, Resp2Value])[] = [
  ["+OK\r\n", { kind: "simple", value: "OK" }],
  ["+\r\n", { kind: "simple", value: "" }],
  ["-ERR x\r\n", { kind: "error", message: "ERR x" }],
  [":1\r\n", { kind: "integer", value: 1n }],
  [":0\r\n", { kind: "integer", value: 0n }],
  [":-42\r\n", { kind: "integer", value: -42n }],
  [":9223372036854775807\r\n", { kind: "integer", value: 2n ** 63n - 1n }],
  [":-9223372036854775808\r\n", { kind: "integer", value: -(2n ** 63n) }],
  ["$3\r\nfoo\r\n", bulk("foo")],
  ["$0\r\n\r\n", bulk("")],
  ["$4\r\n\r\n\x00\xff\r\n", bulk("\r\n\x00\xff")],
  ["$-1\r\n", { kind: "null" }],
  ["*-1\r\n", { kind: "null-array" }],
  ["*0\r\n", { kind: "array", items: [] }],
  [
    "*2\r\n$1\r\na\r\n:2\r\n",
    { kind: "array", items: [bulk("a"), { kind: "integer", value: 2n }] },
  ],
  [
    "*2\r\n*1\r\n+x\r\n*-1\r\n",
    {
      kind: "array",
      items: [{ kind: "array", items: [{ kind: "simple", value: "x" }] }, { kind: "null-array" }],
    },
  ],
];

/** Wire text that more bytes can still complete. */
const INCOMPLETE: readonly (readonly [string])[] = [
  [""],
  ["+"],
  ["+OK"],
  ["+OK\r"],
  [":"],
  [":-"],
  [":12"],
  [":0"],
  [":9223372036854775807"],
  [":1\r"],
  ["$"],
  ["$-"],
  ["$-1"],
  ["$3"],
  ["$3\r\n"],
  ["$3\r\nfo"],
  ["$3\r\nfoo"],
  ["$3\r\nfoo\r"],
  ["$536870912"],
  ["*"],
  ["*2\r\n"],
  ["*2\r\n:1\r\n"],
  ["*1\r\n*1\r\n$1\r\na\r"],
];

/**
 * Malformed wire text, the reason its error names, and the offset it reports. Each fails as soon
 * as no further bytes could make it valid.
 */
const MALFORMED: readonly (readonly [string, string, number])[] = [
  ["x", "unknown type byte", 0],
  ["*1\r\n!", "unknown type byte", 4],
  ["\r\n", "unknown type byte", 0],
  [":1x", "invalid integer", 0],
  [":01", "invalid integer", 0],
  [":-0", "invalid integer", 0],
  [":+1\r\n", "invalid integer", 0],
  [": 1\r\n", "invalid integer", 0],
  [":\r\n", "invalid integer", 0],
  [":-\r\n", "invalid integer", 0],
  [":9223372036854775808", "invalid integer", 0],
  [":-9223372036854775809\r\n", "invalid integer", 0],
  [":123456789012345678901", "invalid integer", 0],
  [":1\rx", "expected LF after CR", 0],
  ["$x", "invalid bulk length", 0],
  ["$-2", "invalid bulk length", 0],
  ["$-10\r\n", "invalid bulk length", 0],
  ["$01\r\n", "invalid bulk length", 0],
  ["$536870913", "bulk length above 512 MiB", 0],
  ["$99999999999999999999\r\n", "invalid bulk length", 0],
  ["$3\r\nfooX", "expected CRLF after bulk data", 7],
  ["$3\r\nfoo\rX", "expected CRLF after bulk data", 7],
  ["$0\r\nX", "expected CRLF after bulk data", 4],
  ["*-2\r\n", "invalid array length", 0],
  ["*536870913\r\n", "array length above 512 MiB", 0],
  ["*a", "invalid array length", 0],
  ["+a\nb\r\n", "LF inside a simple string or error line", 0],
  ["-a\n", "LF inside a simple string or error line", 0],
  ["+a\rb\r\n", "CR without LF inside a simple string or error line", 0],
];

describe("decodeResp2", () => {
  test.for(named(FRAMES))("decodes $name", ({ row: [text, value] }, { expect }) => {
    expect(decodeWhole(text)).toEqual(value);
  });

  test("decodes UTF-8 text, keeping a leading BOM, and replaces invalid bytes", ({ expect }) => {
    expect(decodeWhole("+\xc3\xa9\xef\xbb\xbf\r\n")).toEqual({ kind: "simple", value: "é\ufeff" });
    expect(decodeWhole("+\xef\xbb\xbfa\r\n")).toEqual({ kind: "simple", value: "\ufeffa" });
    expect(decodeWhole("-ERR \xff\r\n")).toEqual({ kind: "error", message: "ERR \ufffd" });
  });

  test("starts at the offset and returns where the next frame starts", ({ expect }) => {
    const bytes = raw("+OK\r\n:5\r\n");
    expect(decodeResp2(bytes)).toEqual({
      status: "complete",
      value: { kind: "simple", value: "OK" },
      offset: 5,
    });
    expect(decodeResp2(bytes, 5)).toEqual({
      status: "complete",
      value: { kind: "integer", value: 5n },
      offset: 9,
    });
    expect(decodeResp2(bytes, 9)).toEqual({ status: "incomplete" });
  });

  test("copies bulk data out of the input", ({ expect }) => {
    const bytes = raw("$1\r\na\r\n");
    const result = decodeResp2(bytes);
    bytes[4] = 0x62;
    expect(result.status === "complete" && result.value).toEqual(bulk("a"));
  });

  test("rejects an offset outside the bytes as a caller bug", ({ expect }) => {
    expect(() => decodeResp2(raw("+OK\r\n"), 6)).toThrow(StratusCoreError);
    expect(() => decodeResp2(raw("+OK\r\n"), -1)).toThrow(StratusCoreError);
    expect(() => decodeResp2(raw("+OK\r\n"), 0.5)).toThrow(StratusCoreError);
  });

  test.for(named(INCOMPLETE))("$name is incomplete", ({ row: [text] }, { expect }) => {
    expect(decodeResp2(raw(text))).toEqual({ status: "incomplete" });
  });

  test.for(named(MALFORMED))(
    "$name is a protocol error",
    ({ row: [text, reason, offset] }, { expect }) => {
      const error = errorOf(text);
      expect(error).toBeInstanceOf(Resp2ProtocolError);
      expect(error).toMatchObject({ offset });
      expect((error as Error).message).toContain(reason);
    },
  );

  test("quotes the offending input in the message", ({ expect }) => {
    expect(errorOf("*1\r\n:1x\r\n")).toMatchObject({
      message: 'Invalid RESP2 at offset 4: invalid integer, in ":1x\\r\\n"',
      offset: 4,
    });
  });

  test("accepts arrays nested 512 deep and rejects 513", ({ expect }) => {
    const deep = (depth: number): string => `${"*1\r\n".repeat(depth - 1)}*0\r\n`;
    expect(decodeResp2(raw(deep(512))).status).toBe("complete");
    expect(errorOf(deep(513))).toMatchObject({ offset: 512 * 4 });
    expect((errorOf(deep(513)) as Error).message).toContain("nested deeper than 512 levels");
  });

  fcTest.prop([fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 200 })])(
    "throws only Resp2ProtocolError, whatever the bytes",
    (bytes, start) => {
      try {
        decodeResp2(bytes, Math.min(start, bytes.length));
      } catch (error: unknown) {
        return error instanceof Resp2ProtocolError;
      }
      return true;
    },
  );

  // Bytes drawn from the protocol's own alphabet reach far more of the grammar than random bytes.
  const protocolBytes = fc
    .array(fc.constantFrom(..."+-:$*\r\n0123456789-x".split(""), "\r\n", "$-1\r\n", "*1\r\n"), {
      maxLength: 60,
    })
    .map((pieces) => raw(pieces.join("")));

  fcTest.prop([protocolBytes])("throws only Resp2ProtocolError on near-protocol bytes", (bytes) => {
    try {
      decodeResp2(bytes);
    } catch (error: unknown) {
      return error instanceof Resp2ProtocolError;
    }
    return true;
  });
});
