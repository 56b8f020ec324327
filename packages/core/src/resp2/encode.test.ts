import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { StratusCoreError } from "../errors.ts";
import { Resp2 } from "./constructors.ts";
import { encodeResp2, encodeResp2Command, encodeResp2CommandBinary } from "./encode.ts";
import type { Resp2Value } from "./value.ts";

/** The bytes as a Latin-1 string, so expectations can be written as wire text. */
const wire = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe("encodeResp2", () => {
  test.for<[string, Resp2Value, string]>([
    ["simple string", Resp2.simple("OK"), "+OK\r\n"],
    ["empty simple string", Resp2.simple(""), "+\r\n"],
    ["error", Resp2.error("ERR x"), "-ERR x\r\n"],
    ["integer", Resp2.integer(1), ":1\r\n"],
    ["zero", Resp2.integer(0), ":0\r\n"],
    ["negative integer", Resp2.integer(-42), ":-42\r\n"],
    ["largest integer", Resp2.integer(2n ** 63n - 1n), ":9223372036854775807\r\n"],
    ["smallest integer", Resp2.integer(-(2n ** 63n)), ":-9223372036854775808\r\n"],
    ["bulk string", Resp2.bulk("foo"), "$3\r\nfoo\r\n"],
    ["empty bulk string", Resp2.bulk(""), "$0\r\n\r\n"],
    ["binary bulk string", Resp2.bulk(raw("\r\n\x00\xff")), "$4\r\n\r\n\x00\xff\r\n"],
    ["null bulk string", Resp2.null, "$-1\r\n"],
    ["null array", Resp2.nullArray, "*-1\r\n"],
    ["empty array", Resp2.array([]), "*0\r\n"],
    ["array", Resp2.array([Resp2.bulk("a"), Resp2.integer(2)]), "*2\r\n$1\r\na\r\n:2\r\n"],
    [
      "nested array",
      Resp2.array([Resp2.array([Resp2.simple("x")]), Resp2.null, Resp2.nullArray]),
      "*3\r\n*1\r\n+x\r\n$-1\r\n*-1\r\n",
    ],
  ])("%s", ([, value, expected], { expect }) => {
    expect(wire(encodeResp2(value))).toBe(expected);
  });

  test("writes a bulk length of several digits", ({ expect }) => {
    const encoded = encodeResp2(Resp2.bulk(new Uint8Array(1234)));
    expect(wire(encoded.subarray(0, 7))).toBe("$1234\r\n");
    expect(encoded.length).toBe(7 + 1234 + 2);
  });

  test("writes text as UTF-8", ({ expect }) => {
    // é is 2 bytes, € 3, 😀 (a surrogate pair) 4.
    expect(wire(encodeResp2(Resp2.simple("é€😀")))).toBe(
      "+\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\r\n",
    );
    expect(wire(encodeResp2(Resp2.bulk("é")))).toBe("$2\r\n\xc3\xa9\r\n");
  });

  test("writes a lone surrogate as U+FFFD, like TextEncoder", ({ expect }) => {
    expect(wire(encodeResp2(Resp2.error("a\ud800b")))).toBe("-a\xef\xbf\xbdb\r\n");
  });

  test("replaces CR and LF in simple strings and errors with spaces", ({ expect }) => {
    expect(wire(encodeResp2(Resp2.simple("a\r\nb\nc")))).toBe("+a  b c\r\n");
    expect(wire(encodeResp2(Resp2.error("ERR line1\r\nline2")))).toBe("-ERR line1  line2\r\n");
    expect(wire(encodeResp2(Resp2.error("é\n€")))).toBe("-\xc3\xa9 \xe2\x82\xac\r\n");
  });

  test("rejects integers outside 64 bits", ({ expect }) => {
    expect(() => encodeResp2({ kind: "integer", value: 2n ** 63n })).toThrow(StratusCoreError);
    expect(() => encodeResp2({ kind: "integer", value: -(2n ** 63n) - 1n })).toThrow(
      /must fit in 64 bits/,
    );
  });
});

describe("encodeResp2Command", () => {
  test("encodes a multibulk request", ({ expect }) => {
    expect(wire(encodeResp2Command(["SET", "key", "value"]))).toBe(
      "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$5\r\nvalue\r\n",
    );
  });

  test("takes bytes as they are and strings as UTF-8", ({ expect }) => {
    expect(wire(encodeResp2Command(["ECHO", raw("\x00\xff"), "é"]))).toBe(
      "*3\r\n$4\r\nECHO\r\n$2\r\n\x00\xff\r\n$2\r\n\xc3\xa9\r\n",
    );
  });

  test("encodes empty arguments and an empty request", ({ expect }) => {
    expect(wire(encodeResp2Command(["GET", ""]))).toBe("*2\r\n$3\r\nGET\r\n$0\r\n\r\n");
    expect(wire(encodeResp2Command([]))).toBe("*0\r\n");
  });

  test("keeps CR and LF inside arguments (bulk strings are binary-safe)", ({ expect }) => {
    expect(wire(encodeResp2Command(["a\r\nb"]))).toBe("*1\r\n$4\r\na\r\nb\r\n");
  });
});

describe("encodeResp2CommandBinary", () => {
  fcTest.prop([fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 8 })])(
    "gives the bytes encodeResp2Command gives, one char per byte",
    (args) => encodeResp2CommandBinary(args.map(wire)) === wire(encodeResp2Command(args)),
  );

  test("refuses a character that is not a byte", ({ expect }) => {
    expect(() => encodeResp2CommandBinary(["GET", "é€"])).toThrow(StratusCoreError);
  });
});
