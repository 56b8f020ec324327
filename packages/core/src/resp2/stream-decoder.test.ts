import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { Resp2ProtocolError } from "./protocol-error.ts";
import { Resp2StreamDecoder } from "./stream-decoder.ts";

const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** Pushes every chunk and returns what the decoder emitted, in order. */
function pushAll(decoder: Resp2StreamDecoder, chunks: readonly string[]): unknown[] {
  return chunks.flatMap((chunk) => decoder.push(raw(chunk)));
}

describe("Resp2StreamDecoder", () => {
  test("values are copies: the caller may reuse its buffer, even one whose slice is a view", ({
    expect,
  }) => {
    // Node's Buffer#slice returns a view; a reused read buffer would change such values.
    class SlicesAsViews extends Uint8Array {
      override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
        return this.subarray(start, end);
      }
    }
    const chunk = new SlicesAsViews(raw("*2\r\n$3\r\nfoo\r\n$3\r\nba"));
    const decoder = new Resp2StreamDecoder();
    expect(decoder.push(chunk)).toEqual([]);
    chunk.set(raw("r\r\n"));
    const [value] = decoder.push(chunk.subarray(0, 3));
    chunk.fill(0);
    expect(value).toEqual({
      kind: "array",
      items: [
        { kind: "bulk", value: raw("foo") },
        { kind: "bulk", value: raw("bar") },
      ],
    });
  });

  test("returns every complete frame of a chunk and keeps the rest", ({ expect }) => {
    const decoder = new Resp2StreamDecoder();
    expect(decoder.push(raw("+OK\r\n:1\r\n$3\r\nfo"))).toEqual([
      { kind: "simple", value: "OK" },
      { kind: "integer", value: 1n },
    ]);
    expect(decoder.bufferedBytes).toBe(2);
    expect(decoder.push(raw("o\r"))).toEqual([]);
    expect(decoder.push(raw("\n"))).toEqual([{ kind: "bulk", value: raw("foo") }]);
    expect(decoder.bufferedBytes).toBe(0);
  });

  test("handles a split between CR and LF and inside headers", ({ expect }) => {
    const decoder = new Resp2StreamDecoder();
    expect(pushAll(decoder, ["*2\r", "\n$", "-1\r\n:4", "2\r", "\n"])).toEqual([
      { kind: "array", items: [{ kind: "null" }, { kind: "integer", value: 42n }] },
    ]);
  });

  test("consumes array items as they arrive, buffering only the partial token", ({ expect }) => {
    const decoder = new Resp2StreamDecoder();
    expect(decoder.push(raw("*3\r\n:1\r\n:2\r\n+ab"))).toEqual([]);
    expect(decoder.bufferedBytes).toBe(3);
    expect(decoder.push(raw("c\r\n"))).toEqual([
      {
        kind: "array",
        items: [
          { kind: "integer", value: 1n },
          { kind: "integer", value: 2n },
          { kind: "simple", value: "abc" },
        ],
      },
    ]);
  });

  test("collects a large bulk string from many small chunks", ({ expect }) => {
    // 8 MiB in 1 KiB chunks: re-reading the buffer on each chunk would take minutes.
    const size = 8 * 1024 * 1024;
    const decoder = new Resp2StreamDecoder();
    expect(decoder.push(raw(`$${size}\r\n`))).toEqual([]);
    const chunk = new Uint8Array(1024).fill(0x61);
    for (let sent = 0; sent < size; sent += chunk.length) {
      expect(decoder.push(chunk).length).toBe(0);
    }
    expect(decoder.bufferedBytes).toBe(size);
    const [value] = decoder.push(raw("\r\n"));
    expect(value?.kind === "bulk" && value.value.length).toBe(size);
    expect(decoder.bufferedBytes).toBe(0);
  });

  test("decodes a long array from many small chunks", ({ expect }) => {
    const count = 100_000;
    const stream = raw(`*${count}\r\n${":1\r\n".repeat(count)}`);
    const decoder = new Resp2StreamDecoder();
    const values = [];
    for (let i = 0; i < stream.length; i += 64) {
      values.push(...decoder.push(stream.subarray(i, i + 64)));
    }
    expect(values).toHaveLength(1);
    expect(values[0]?.kind === "array" && values[0].items.length).toBe(count);
  });

  test("reports the stream offset of a protocol error, and then rethrows it", ({ expect }) => {
    const decoder = new Resp2StreamDecoder();
    decoder.push(raw("+OK\r\n:1"));
    let error: unknown;
    try {
      decoder.push(raw("\r\n!"));
    } catch (caught: unknown) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Resp2ProtocolError);
    expect(error).toMatchObject({ offset: 9 });
    expect(() => decoder.push(raw("+OK\r\n"))).toThrow(error as Error);
  });

  fcTest.prop([fc.array(fc.uint8Array({ maxLength: 30 }), { maxLength: 10 })])(
    "throws only Resp2ProtocolError, whatever the chunks",
    (chunks) => {
      const decoder = new Resp2StreamDecoder();
      try {
        for (const chunk of chunks) {
          decoder.push(chunk);
        }
      } catch (error: unknown) {
        return error instanceof Resp2ProtocolError;
      }
      return true;
    },
  );

  /** The error's reason and offset from decoding `chunks` in order, or "none". */
  function failure(chunks: readonly Uint8Array[]): string {
    const decoder = new Resp2StreamDecoder();
    try {
      for (const chunk of chunks) {
        decoder.push(chunk);
      }
      return "none";
    } catch (error: unknown) {
      if (!(error instanceof Resp2ProtocolError)) {
        throw error;
      }
      // The quoted input depends on what was buffered; the reason and offset must not.
      return `${error.message.replace(/, in ".*$/s, "")} @${error.offset}`;
    }
  }

  const nearProtocol = fc
    .array(
      fc.constantFrom(
        ...["+", "-", ":", "$", "*", "\r", "\n", "\r\n", "0", "1", "3", "-1", "x", "ab"],
        ...["$1\r\na\r\n", "*2\r\n"],
      ),
      { maxLength: 30 },
    )
    .map((pieces) => raw(pieces.join("")));

  fcTest.prop([nearProtocol, fc.array(fc.nat({ max: 60 }), { maxLength: 6 })])(
    "reports the same error at the same offset however the bytes are split",
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
      return failure(chunks) === failure([stream]);
    },
  );

  const protocolChunks = fc.array(
    fc
      .array(
        fc.constantFrom("+", "-", ":", "$", "*", "\r", "\n", "\r\n", "0", "1", "3", "-1", "x"),
        {
          maxLength: 12,
        },
      )
      .map((pieces) => raw(pieces.join(""))),
    { maxLength: 10 },
  );

  fcTest.prop([protocolChunks])(
    "throws only Resp2ProtocolError on near-protocol chunks",
    (chunks) => {
      const decoder = new Resp2StreamDecoder();
      try {
        for (const chunk of chunks) {
          decoder.push(chunk);
        }
      } catch (error: unknown) {
        return error instanceof Resp2ProtocolError;
      }
      return true;
    },
  );
});
