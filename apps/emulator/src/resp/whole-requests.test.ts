import { fc, test as fcTest } from "@fast-check/vitest";
import { Resp2RequestError, Resp2RequestParser } from "@stratus/core/resp2";
import { test } from "vitest";
import { readWholeRequests } from "./whole-requests.ts";

/** What the connection does with each chunk: the fast path when it may, the parser for the rest. */
function parseWithFastPath(chunks: readonly Buffer[]): { requests: string[]; error?: string } {
  const parser = new Resp2RequestParser();
  const requests: (readonly string[])[] = [];
  for (const chunk of chunks) {
    const offset = parser.isAtRequestStart ? readWholeRequests(chunk, requests) : 0;
    if (offset === chunk.length) {
      continue;
    }
    try {
      requests.push(...parser.push(chunk.subarray(offset)).map(asBinary));
    } catch (error: unknown) {
      if (!(error instanceof Resp2RequestError)) {
        throw error;
      }
      requests.push(...error.commands.map(asBinary));
      return { requests: requests.map((argv) => JSON.stringify(argv)), error: error.message };
    }
  }
  return { requests: requests.map((argv) => JSON.stringify(argv)) };
}

/** The parser alone, as the reference. */
function parseWithParser(chunks: readonly Buffer[]): { requests: string[]; error?: string } {
  const parser = new Resp2RequestParser();
  const requests: (readonly string[])[] = [];
  for (const chunk of chunks) {
    try {
      requests.push(...parser.push(chunk).map(asBinary));
    } catch (error: unknown) {
      if (!(error instanceof Resp2RequestError)) {
        throw error;
      }
      requests.push(...error.commands.map(asBinary));
      return { requests: requests.map((argv) => JSON.stringify(argv)), error: error.message };
    }
  }
  return { requests: requests.map((argv) => JSON.stringify(argv)) };
}

function asBinary(argv: readonly Uint8Array[]): string[] {
  return argv.map((arg) => Buffer.from(arg).toString("latin1"));
}

function multibulk(argv: readonly string[]): string {
  return `*${argv.length}\r\n${argv.map((arg) => `$${arg.length}\r\n${arg}\r\n`).join("")}`;
}

/** A byte stream cut into chunks at the given points. */
function cut(stream: string, points: readonly number[]): Buffer[] {
  const bytes = Buffer.from(stream, "latin1");
  const ends = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort(
    (a, b) => a - b,
  );
  const chunks: Buffer[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > start) {
      chunks.push(bytes.subarray(start, end));
      start = end;
    }
  }
  return chunks;
}

const binaryArgument = fc
  .string({ unit: "binary", maxLength: 40 })
  .map((text) => Buffer.from(text, "utf8").toString("latin1"));
/** Requests, plus now and then what the fast path must leave to the parser. */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.array(binaryArgument, { minLength: 1, maxLength: 6 }).map(multibulk) },
  // Names and arguments that repeat, and ones of the same length that differ in one byte: the
  // reader reuses the previous request's string at a position only when every byte is the same.
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom("GET", "SET", "GEt", "\u00ffET", "SETEX", ""),
        fc.array(fc.oneof(fc.constantFrom("key", "kez", "k\u00ffy", "xxx", ""), binaryArgument), {
          maxLength: 9,
        }),
      )
      .map(([name, rest]) => multibulk([name, ...rest])),
  },
  fc.constantFrom(
    "PING\r\n",
    "*0\r\n",
    "*-1\r\n",
    "*1\r\n$04\r\nPING\r\n",
    "*01\r\n$4\r\nPING\r\n",
    "*1\r\n$4\r\nPINGxx",
    "*1\n\n$4\r\nPING\r\n",
    "*1\r\n$+4\r\nPING\r\n",
    "*1\r\nx4\r\nPING\r\n",
    "*abc\r\n",
    "*1\r\n$70000\r\n",
    `*1\r\n$70000\r\n${"v".repeat(70_000)}\r\n`,
  ),
);

fcTest.prop([fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 })], {
  numRuns: 500,
})(
  "the fast path and the parser together read any stream, cut anywhere, as the parser alone",
  (pieces, points) => {
    const chunks = cut(pieces.join(""), points);
    return JSON.stringify(parseWithFastPath(chunks)) === JSON.stringify(parseWithParser(chunks));
  },
);

test("whole requests of the usual shape are read into binary strings; a cut one is left", ({
  expect,
}) => {
  const stream = `${multibulk(["SET", "k\xff", "v"])}${multibulk(["GET", "k"])}*2\r\n$3\r\nGET`;
  const requests: (readonly string[])[] = [];
  const offset = readWholeRequests(Buffer.from(stream, "latin1"), requests);
  expect(requests).toEqual([
    ["SET", "k\xff", "v"],
    ["GET", "k"],
  ]);
  expect(offset).toBe(stream.lastIndexOf("*2\r\n$3\r\nGET"));
});

test("an argument of the previous request's length is its string only when every byte is the same", ({
  expect,
}) => {
  const stream = `${multibulk(["LPUSH", "list", "xxx"])}${multibulk(["LPUSH", "list", "xxy"])}${multibulk(["LPUSH", "list", "xxy"])}`;
  const requests: (readonly string[])[] = [];
  readWholeRequests(Buffer.from(stream, "latin1"), requests);
  expect(requests).toEqual([
    ["LPUSH", "list", "xxx"],
    ["LPUSH", "list", "xxy"],
    ["LPUSH", "list", "xxy"],
  ]);
});
