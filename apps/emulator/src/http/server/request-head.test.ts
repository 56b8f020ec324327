import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { parseRequestHead, type RequestHead, RequestHeadError } from "./request-head.ts";

/** Parses `text` (a head without its final empty line) as the connection would. */
function parse(text: string): RequestHead {
  const bytes = Buffer.from(text, "latin1");
  return parseRequestHead(bytes, 0, bytes.length);
}

/** Throws with both values printed when they differ (props have no `expect`). */
function assertSame(actual: unknown, expected: unknown): void {
  if (actual !== expected) {
    throw new Error(`expected ${fc.stringify(expected)}\nreceived ${fc.stringify(actual)}`);
  }
}

function refusal(text: string): { status: number; message: string } {
  try {
    parse(text);
  } catch (error: unknown) {
    if (error instanceof RequestHeadError) {
      return { status: error.status, message: error.message };
    }
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(text)}`);
}

describe("parseRequestHead", () => {
  test("reads the request line and header fields", ({ expect }) => {
    const head = parse(
      "POST /set/k?EX=10 HTTP/1.1\r\nHost: x\r\nAuthorization:  Bearer t \r\nContent-Length: 3",
    );
    const { headers, ...rest } = head;
    expect(rest).toEqual({
      method: "POST",
      target: "/set/k?EX=10",
      minorVersion: 1,
      framing: { kind: "length", length: 3 },
      keepAlive: true,
      expectsContinue: false,
    });
    expect(["host", "authorization", "content-length"].map((name) => headers.get(name))).toEqual([
      "x",
      "Bearer t",
      "3",
    ]);
    expect(headers.get("Host")).toBeUndefined();
  });

  test("joins repeated fields and keeps identical content-lengths", ({ expect }) => {
    const head = parse(
      "GET / HTTP/1.1\r\nx-a: 1\r\nX-A: 2\r\ncontent-length: 0\r\ncontent-length: 0",
    );
    expect(head.headers.get("x-a")).toBe("1, 2");
    expect(head.framing).toEqual({ kind: "length", length: 0 });
  });

  test("reads chunked framing, keep-alive and 100-continue", ({ expect }) => {
    const head = parse(
      "PUT / HTTP/1.1\r\ntransfer-encoding: Chunked\r\nconnection: TE, close\r\nexpect: 100-Continue",
    );
    expect(head.framing).toEqual({ kind: "chunked" });
    expect(head.keepAlive).toBe(false);
    expect(head.expectsContinue).toBe(true);
    expect(parse("GET / HTTP/1.0").keepAlive).toBe(false);
    expect(parse("GET / HTTP/1.0\r\nconnection: keep-alive").keepAlive).toBe(true);
  });

  test("reads raw UTF-8 in the target as text, invalid bytes as U+FFFD", ({ expect }) => {
    const bytes = Buffer.concat([
      Buffer.from("GET /get/cl"),
      Buffer.from("é", "utf8"),
      Buffer.from([0xff]),
      Buffer.from(" HTTP/1.1"),
    ]);
    expect(parseRequestHead(bytes, 0, bytes.length).target).toBe("/get/clé\uFFFD");
  });

  test.for<[string, string]>([
    ["HELLO", "the request line"],
    ["GET  / HTTP/1.1", "the request line"],
    ["GET / HTTP/2.0", "unsupported version"],
    ["GET /a\u0001 HTTP/1.1", "control character"],
    ["GET / HTTP/1.1\r\nhost x", "without a name"],
    ["GET / HTTP/1.1\r\nhost: x\r\n folded", "folded"],
    ["GET / HTTP/1.1\r\nx-a: a\u0000b", "control character in the x-a header"],
    ["GET / HTTP/1.1\r\nx-a: 1\rx-b: 2", "a bare CR or LF"],
    ["GET / HTTP/1.1\r\nx-a: 1\nx-b: 2", "a bare CR or LF"],
    ["GET / HTTP/1.1\nx-a: 1", "unsupported version"],
    ["POST / HTTP/1.1\r\ncontent-length: 3\r\ntransfer-encoding: chunked", "both"],
    ["POST / HTTP/1.1\r\ntransfer-encoding: gzip", "unsupported transfer-encoding"],
    ["POST / HTTP/1.1\r\ncontent-length: -1", "invalid content-length"],
    ["POST / HTTP/1.1\r\ncontent-length: 1\r\ncontent-length: 2", "conflicting"],
  ])("refuses %j with a 400 naming the fault", ([text, fault], { expect }) => {
    const { status, message } = refusal(text);
    expect(status).toBe(400);
    expect(message).toContain(fault);
  });

  fcTest.prop([fc.uint8Array({ maxLength: 200 })])(
    "any bytes either parse or are refused with a RequestHeadError",
    (bytes) => {
      const buffer = Buffer.from(bytes);
      try {
        parseRequestHead(buffer, 0, buffer.length);
      } catch (error: unknown) {
        if (!(error instanceof RequestHeadError)) {
          throw error;
        }
      }
    },
  );

  const token = fc.oneof(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    fc.constantFrom("__proto__", "constructor", "tostring"),
  );
  const value = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,30}[\x21-\x7e])?$/);
  fcTest.prop([
    fc.dictionary(token, value, { maxKeys: 8 }),
    fc.stringMatching(/^\/[\x21-\x7e]{0,40}$/),
  ])("header fields written by a client come back as sent", (headers, target) => {
    const fields = Object.entries(headers).filter(
      ([name]) => !["content-length", "transfer-encoding"].includes(name),
    );
    const lines = fields.map(([name, text]) => `${name}: ${text}`);
    const head = parse([`GET ${target} HTTP/1.1`, ...lines].join("\r\n"));
    assertSame(head.target, target);
    for (const [name, text] of fields) {
      assertSame(head.headers.get(name), text);
    }
  });
});
