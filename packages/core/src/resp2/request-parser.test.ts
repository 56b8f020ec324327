import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { encodeResp2Command } from "./encode.ts";
import { Resp2ProtocolError, Resp2RequestError } from "./protocol-error.ts";
import { Resp2RequestParser } from "./request-parser.ts";

const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const wire = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** Feeds chunks of Latin-1 text and returns the requests as arrays of Latin-1 strings. */
function parse(chunks: readonly string[], parser = new Resp2RequestParser()): string[][] {
  return chunks.flatMap((chunk) => parser.push(raw(chunk))).map((argv) => argv.map(wire));
}

/** The error that parsing `text` in one chunk throws, or `undefined`. */
function errorOf(text: string, parser = new Resp2RequestParser()): unknown {
  try {
    parser.push(raw(text));
    return undefined;
  } catch (error: unknown) {
    return error;
  }
}

/** Names table rows by their wire text; `$` in a test name would be read as a placeholder. */
function named<TRow extends readonly [string, ...unknown[]]>(
  rows: readonly TRow[],
): { name: string; row: TRow }[] {
  return rows.map((row) => ({ name: JSON.stringify(row[0]), row }));
}

const LIMIT = 64 * 1024;

/**
 * Requests Redis rejects, with its exact reply text (redis/src/networking.c; the cases marked
 * protocol.tcl come from redis/tests/unit/protocol.tcl).
 */
const MALFORMED: readonly (readonly [string, string])[] = [
  // protocol.tcl "Out of range multibulk length"
  ["*3000000000\r\n", "Protocol error: invalid multibulk length"],
  ["*x\r\n", "Protocol error: invalid multibulk length"],
  ["*\r\n", "Protocol error: invalid multibulk length"],
  ["*01\r\n", "Protocol error: invalid multibulk length"],
  ["*+1\r\n", "Protocol error: invalid multibulk length"],
  // protocol.tcl "Wrong multibulk payload header"
  ["*3\r\n$3\r\nSET\r\n$1\r\nx\r\nfooz\r\n", "Protocol error: expected '$', got 'f'"],
  // protocol.tcl "Negative multibulk payload length"
  ["*3\r\n$3\r\nSET\r\n$1\r\nx\r\n$-10\r\n", "Protocol error: invalid bulk length"],
  // protocol.tcl "Out of range multibulk payload length"
  ["*3\r\n$3\r\nSET\r\n$1\r\nx\r\n$2000000000\r\n", "Protocol error: invalid bulk length"],
  // protocol.tcl "Non-number multibulk payload length"
  ["*3\r\n$3\r\nSET\r\n$1\r\nx\r\n$blabla\r\n", "Protocol error: invalid bulk length"],
  // protocol.tcl "Multi bulk request not followed by bulk arguments"
  ["*1\r\nfoo\r\n", "Protocol error: expected '$', got 'f'"],
  ["*1\r\n$-1\r\n", "Protocol error: invalid bulk length"],
  ["*1\r\n$536870913\r\n", "Protocol error: invalid bulk length"],
  // addReplyErrorFormat maps CR and LF to spaces, so the byte shown is a space.
  ["*1\r\n\r\n", "Protocol error: expected '$', got ' '"],
  ["*1\r\n\n\r\n", "Protocol error: expected '$', got ' '"],
  // protocol.tcl "Unbalanced number of quotes"
  ['set """test-key""" test-value\r\nping\r\n', "Protocol error: unbalanced quotes in request"],
  ["echo 'a\r\n", "Protocol error: unbalanced quotes in request"],
  ['echo "a"b\r\n', "Protocol error: unbalanced quotes in request"],
];

describe("Resp2RequestParser", () => {
  test("parses a multibulk request", ({ expect }) => {
    expect(parse(["*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\nv\r\nx\n\r\n"])).toEqual([
      ["SET", "k", "v\r\nx\n"],
    ]);
  });

  test("parses binary arguments and empty ones", ({ expect }) => {
    expect(parse(["*2\r\n$2\r\n\x00\xff\r\n$0\r\n\r\n"])).toEqual([["\x00\xff", ""]]);
  });

  test("parses inline commands, with or without CR", ({ expect }) => {
    expect(parse(['PING\r\nECHO hello\nSET k "a b"\r\n'])).toEqual([
      ["PING"],
      ["ECHO", "hello"],
      ["SET", "k", "a b"],
    ]);
  });

  test("mixes inline and multibulk requests on one connection", ({ expect }) => {
    expect(parse(["PING\r\n*1\r\n$4\r\nPING\r\nECHO x\r\n"])).toEqual([
      ["PING"],
      ["PING"],
      ["ECHO", "x"],
    ]);
  });

  test("skips empty inline lines, *0 and negative counts", ({ expect }) => {
    // protocol.tcl "Handle an empty query" and "Negative multibulk length".
    expect(parse(["\r\n", "\n", "   \r\n", "*0\r\n", "*-1\r\n", "*-10\r\nPING\r\n"])).toEqual([
      ["PING"],
    ]);
  });

  test("keeps a CR inside an inline line that is not right before the LF", ({ expect }) => {
    expect(parse(['ECHO "a\rb"\n'])).toEqual([["ECHO", "a\rb"]]);
    expect(parse(["ECHO a\r\r\n"])).toEqual([["ECHO", "a"]]);
  });

  test("returns requests as they complete across chunks", ({ expect }) => {
    const parser = new Resp2RequestParser();
    expect(parser.push(raw("*2\r\n$4\r\nECHO\r"))).toEqual([]);
    expect(parser.bufferedBytes).toBe(5); // the partial argument; its header is consumed
    expect(parser.push(raw("\n$3\r\nhi"))).toEqual([]);
    expect(parse(["!\r\n*1\r\n$4\r\nPI"], parser)).toEqual([["ECHO", "hi!"]]);
    expect(parse(["NG\r\nPI"], parser)).toEqual([["PING"]]);
    expect(parse(["NG\r", "\n"], parser)).toEqual([["PING"]]);
    expect(parser.bufferedBytes).toBe(0);
  });

  test("like Redis, does not check the byte after a CR or the two bytes after a bulk", ({
    expect,
  }) => {
    expect(parse(["*1\rX$1\rYaZZ"])).toEqual([["a"]]);
  });

  test.for(named(MALFORMED))(
    "$name is rejected with Redis's text",
    ({ row: [text, message] }, { expect }) => {
      const error = errorOf(text);
      expect(error).toBeInstanceOf(Resp2RequestError);
      expect(error).toBeInstanceOf(Resp2ProtocolError);
      expect((error as Error).message).toBe(message);
    },
  );

  test("accepts a LF within the first 64 KiB + 1 bytes of an inline request", ({ expect }) => {
    const longest = `ECHO ${"a".repeat(LIMIT - 5)}`; // 64 KiB, so the LF is byte 64 KiB + 1
    expect(parse([`${longest}\n`])[0]?.[1]?.length).toBe(LIMIT - 5);
    expect(parse([`${longest.slice(0, -1)}\r\n`])[0]?.[1]?.length).toBe(LIMIT - 6);
    expect((errorOf(`${longest}\r\n`) as Error).message).toBe(
      "Protocol error: too big inline request",
    );
    expect((errorOf(`${longest}a\n`) as Error).message).toBe(
      "Protocol error: too big inline request",
    );
    // The same whatever the chunking: Redis fails once 64 KiB + 1 bytes lack a LF.
    const parser = new Resp2RequestParser();
    expect(parser.push(raw(longest))).toEqual([]);
    expect((errorOf("a", parser) as Error).message).toBe("Protocol error: too big inline request");
  });

  test("rejects a count or length line longer than 64 KiB", ({ expect }) => {
    expect((errorOf(`*${"1".repeat(LIMIT)}`) as Error).message).toBe(
      "Protocol error: too big mbulk count string",
    );
    expect((errorOf(`*1\r\n$${"1".repeat(LIMIT)}`) as Error).message).toBe(
      "Protocol error: too big bulk count string",
    );
    // Up to the limit Redis waits for the CR.
    expect(errorOf(`*${"1".repeat(LIMIT - 1)}`)).toBeUndefined();
  });

  test("like Redis's strchr, does not see a terminator after a NUL byte", ({ expect }) => {
    const parser = new Resp2RequestParser();
    expect(parser.push(raw("PING\x00\r\n"))).toEqual([]);
    expect((errorOf("x".repeat(LIMIT), parser) as Error).message).toBe(
      "Protocol error: too big inline request",
    );
    expect(new Resp2RequestParser().push(raw("*1\x00\r\n$1\r\na\r\n"))).toEqual([]);
  });

  test("applies the configured limits", ({ expect }) => {
    const parser = (): Resp2RequestParser =>
      new Resp2RequestParser({ maxBulkBytes: 3, maxMultibulkArgs: 1024 * 1024 });
    expect(parse(["*1\r\n$3\r\nabc\r\n"], parser())).toEqual([["abc"]]);
    expect((errorOf("*1\r\n$4\r\n", parser()) as Error).message).toBe(
      "Protocol error: invalid bulk length",
    );
    // protocol.tcl before Redis 7.0: "*20000000" was out of range.
    expect((errorOf("*20000000\r\n", parser()) as Error).message).toBe(
      "Protocol error: invalid multibulk length",
    );
    expect(errorOf("*20000000\r\n")).toBeUndefined();
  });

  test("hands over the requests completed before an error, and reports its offset", ({
    expect,
  }) => {
    const parser = new Resp2RequestParser();
    parser.push(raw("PI"));
    const error = errorOf("NG\r\n*1\r\n$1\r\na\r\n*x\r\n", parser);
    expect(error).toBeInstanceOf(Resp2RequestError);
    expect(error).toMatchObject({
      message: "Protocol error: invalid multibulk length",
      offset: 17,
    });
    expect((error as Resp2RequestError).commands.map((argv) => argv.map(wire))).toEqual([
      ["PING"],
      ["a"],
    ]);
    const again = errorOf("PING\r\n", parser);
    expect(again).toMatchObject({
      message: "Protocol error: invalid multibulk length",
      commands: [],
    });
  });

  test("collects a large argument from many small chunks", ({ expect }) => {
    const size = 8 * 1024 * 1024;
    const parser = new Resp2RequestParser();
    parser.push(raw(`*2\r\n$3\r\nSET\r\n$${size}\r\n`));
    const chunk = new Uint8Array(1024).fill(0x61);
    for (let sent = 0; sent < size; sent += chunk.length) {
      expect(parser.push(chunk).length).toBe(0);
    }
    const [argv] = parser.push(raw("\r\n"));
    expect(argv?.[1]?.length).toBe(size);
    expect(parser.bufferedBytes).toBe(0);
  });

  const argument = fc.oneof(
    fc.uint8Array({ maxLength: 20 }),
    fc.string({ maxLength: 10 }).map((text) => raw(text)),
  );
  const requests = fc.array(fc.array(argument, { minLength: 1, maxLength: 5 }), { maxLength: 6 });

  fcTest.prop([requests, fc.array(fc.nat(), { maxLength: 12 })])(
    "parses any split of a multibulk stream as it parses it whole",
    (argvs, cuts) => {
      const stream = raw(argvs.map((argv) => wire(encodeResp2Command(argv))).join(""));
      const whole = new Resp2RequestParser().push(stream).map((argv) => argv.map(wire));
      const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort(
        (a, b) => a - b,
      );
      const parser = new Resp2RequestParser();
      const parts: string[][] = [];
      let start = 0;
      for (const point of [...points, stream.length]) {
        parts.push(...parser.push(stream.subarray(start, point)).map((argv) => argv.map(wire)));
        start = point;
      }
      const expected = argvs.map((argv) => argv.map(wire));
      return (
        JSON.stringify(whole) === JSON.stringify(expected) &&
        JSON.stringify(parts) === JSON.stringify(expected) &&
        parser.bufferedBytes === 0
      );
    },
  );

  const inlineLine = fc
    .array(fc.constantFrom("GET", "a", "'b c'", '"d\\x41\\n"', " ", "\t", '""', "é"), {
      maxLength: 6,
    })
    .map((words) => `${words.join(" ")}\r\n`);

  fcTest.prop([fc.array(inlineLine, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 })])(
    "parses any split of an inline stream as it parses it whole",
    (lines, cuts) => {
      const stream = raw(lines.join(""));
      const whole = new Resp2RequestParser().push(stream).map((argv) => argv.map(wire));
      const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort(
        (a, b) => a - b,
      );
      const parser = new Resp2RequestParser();
      const parts: string[][] = [];
      let start = 0;
      for (const point of [...points, stream.length]) {
        parts.push(...parser.push(stream.subarray(start, point)).map((argv) => argv.map(wire)));
        start = point;
      }
      return JSON.stringify(parts) === JSON.stringify(whole) && parser.bufferedBytes === 0;
    },
  );

  /** Commands, then the error's text and offset (if any), of parsing `chunks` in order. */
  function outcome(chunks: readonly Uint8Array[]): string {
    const parser = new Resp2RequestParser();
    const commands: Uint8Array[][] = [];
    try {
      for (const chunk of chunks) {
        commands.push(...parser.push(chunk));
      }
      return JSON.stringify([commands.map((argv) => argv.map(wire))]);
    } catch (error: unknown) {
      if (!(error instanceof Resp2RequestError)) {
        throw error;
      }
      commands.push(...error.commands);
      return JSON.stringify([commands.map((argv) => argv.map(wire)), error.message, error.offset]);
    }
  }

  const nearProtocol = fc
    .array(
      fc.constantFrom(
        ...["*", "$", "\r", "\n", "\r\n", "0", "1", "2", "-1", "x", " ", '"', "'", "\\", "\x00"],
        ...["$1\r\na\r\n", "*2\r\n", "GET k\r\n"],
      ),
      { maxLength: 30 },
    )
    .map((pieces) => raw(pieces.join("")));

  fcTest.prop([nearProtocol, fc.array(fc.nat({ max: 60 }), { maxLength: 6 })])(
    "gives the same commands and error however malformed bytes are split",
    (stream, cuts) => {
      const points = [...new Set(cuts.map((cut) => Math.min(cut, stream.length)))].sort(
        (a, b) => a - b,
      );
      const chunks: Uint8Array[] = [];
      let start = 0;
      for (const point of [...points, stream.length]) {
        chunks.push(stream.subarray(start, point));
        start = point;
      }
      return outcome(chunks) === outcome([stream]);
    },
  );

  fcTest.prop([fc.array(fc.uint8Array({ maxLength: 30 }), { maxLength: 10 })])(
    "throws only Resp2RequestError, whatever the chunks",
    (chunks) => {
      const parser = new Resp2RequestParser();
      try {
        for (const chunk of chunks) {
          parser.push(chunk);
        }
      } catch (error: unknown) {
        return error instanceof Resp2RequestError;
      }
      return true;
    },
  );

  const protocolChunks = fc.array(
    fc
      .array(
        fc.constantFrom(
          "*",
          "$",
          "\r",
          "\n",
          "\r\n",
          "0",
          "1",
          "2",
          "-1",
          "x",
          " ",
          '"',
          "'",
          "\\",
          "\x00",
        ),
        {
          maxLength: 12,
        },
      )
      .map((pieces) => raw(pieces.join(""))),
    { maxLength: 10 },
  );

  fcTest.prop([protocolChunks])(
    "throws only Resp2RequestError on near-protocol chunks",
    (chunks) => {
      const parser = new Resp2RequestParser();
      try {
        for (const chunk of chunks) {
          parser.push(chunk);
        }
      } catch (error: unknown) {
        return error instanceof Resp2RequestError;
      }
      return true;
    },
  );
});
