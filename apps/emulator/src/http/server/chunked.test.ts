import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { ChunkedBodyDecoder } from "./chunked.ts";
import { RequestHeadError } from "./request-head.ts";

/** A chunked encoding of `chunks`, with an extension and a trailer to be dropped. */
function encode(chunks: readonly Uint8Array[]): Buffer {
  const parts: Buffer[] = [];
  for (const chunk of chunks) {
    if (chunk.length > 0) {
      parts.push(Buffer.from(`${chunk.length.toString(16)};ext=1\r\n`), Buffer.from(chunk));
      parts.push(Buffer.from("\r\n"));
    }
  }
  parts.push(Buffer.from("0\r\nx-trailer: yes\r\n\r\n"));
  return Buffer.concat(parts);
}

/** Feeds `bytes` cut at `cuts`; returns the body and where the decoder said it ended. */
function decode(bytes: Buffer, cuts: readonly number[]): { body: Buffer; end: number } {
  const decoder = new ChunkedBodyDecoder(Number.MAX_SAFE_INTEGER);
  const points = [...new Set([0, ...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length])];
  points.sort((a, b) => a - b);
  for (let index = 0; index + 1 < points.length; index++) {
    const start = points[index] as number;
    const piece = bytes.subarray(start, points[index + 1]);
    const end = decoder.push(piece, 0);
    if (end !== -1) {
      return { body: decoder.body(), end: start + end };
    }
  }
  throw new Error("the decoder never finished");
}

describe("ChunkedBodyDecoder", () => {
  fcTest.prop([
    fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 6 }),
    fc.array(fc.nat(), { maxLength: 8 }),
  ])("decodes any chunks split anywhere, and stops at the body's end", (chunks, cuts) => {
    const next = Buffer.from("GET / HTTP/1.1\r\n");
    const encoded = encode(chunks);
    const { body, end } = decode(Buffer.concat([encoded, next]), cuts);
    return (
      body.equals(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)))) &&
      end === encoded.length
    );
  });

  test.for<[string, string]>([
    ["ZZ\r\nabc\r\n0\r\n\r\n", "invalid chunk size"],
    ["3\r\nabcd\r\n0\r\n\r\n", "longer than its size"],
    ["3\nabc\r\n0\r\n\r\n", "CRLF"],
    ["fffffffffffffff\r\n", "invalid chunk size"],
  ])("refuses %j", ([text, fault], { expect }) => {
    const decoder = new ChunkedBodyDecoder(Number.MAX_SAFE_INTEGER);
    expect(() => decoder.push(Buffer.from(text), 0)).toThrow(RequestHeadError);
    expect(() =>
      new ChunkedBodyDecoder(Number.MAX_SAFE_INTEGER).push(Buffer.from(text), 0),
    ).toThrow(fault);
  });

  test("refuses a size line that never ends", ({ expect }) => {
    const decoder = new ChunkedBodyDecoder(Number.MAX_SAFE_INTEGER);
    expect(() => {
      for (let index = 0; index < 10; index++) {
        decoder.push(Buffer.from("1".repeat(1000)), 0);
      }
    }).toThrow("too long");
  });
});
