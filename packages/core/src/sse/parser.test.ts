import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { encodeSseEvent, type SseMessage } from "./encode.ts";
import { SseParseError } from "./errors.ts";
import { createSseParser, type SseEvent, type SseParserOptions } from "./parser.ts";

const utf8 = new TextEncoder();

/** Feeds every chunk, then ends the stream, and returns all events. */
function parseAll(
  chunks: readonly (string | Uint8Array)[],
  options?: SseParserOptions,
): SseEvent[] {
  const parser = createSseParser(options);
  const events: SseEvent[] = [];
  for (const chunk of chunks) {
    events.push(...parser.push(chunk));
  }
  events.push(...parser.end());
  return events;
}

/** Cuts `whole` at the given positions (taken modulo its length). */
function splitAt<T extends string | Uint8Array>(whole: T, cuts: readonly number[]): T[] {
  const positions = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let start = 0;
  for (const position of positions) {
    pieces.push(whole.slice(start, position) as T);
    start = position;
  }
  pieces.push(whole.slice(start) as T);
  return pieces;
}

/** Throws with both values printed when they differ (props have no `expect`). */
function assertSame(actual: unknown, expected: unknown): void {
  const [a, e] = [fc.stringify(actual), fc.stringify(expected)];
  if (a !== e) {
    throw new Error(`expected ${e}\nreceived ${a}`);
  }
}

const event = (data: string, rest: Partial<SseEvent> = {}): SseEvent => ({
  event: "message",
  data,
  id: "",
  ...rest,
});

describe("createSseParser", () => {
  test("dispatches on a blank line and joins data lines with LF", ({ expect }) => {
    // The WHATWG HTML §9.2.6 stock-ticker example.
    expect(parseAll(["data: YHOO\ndata: +2\ndata: 10\n\n"])).toEqual([event("YHOO\n+2\n10")]);
  });

  test("follows WHATWG's example of empty data fields", ({ expect }) => {
    // "data\n\ndata\ndata\n\ndata:" → "", "\n", and the unterminated last block is discarded.
    expect(parseAll(["data\n\ndata\ndata\n\ndata:"])).toEqual([event(""), event("\n")]);
  });

  test("removes exactly one space after the colon", ({ expect }) => {
    expect(parseAll(["data:test\n\ndata: test\n\ndata:  test\n\n"])).toEqual([
      event("test"),
      event("test"),
      event(" test"),
    ]);
  });

  test.for([
    ["LF", "data: a\n\n"],
    ["CRLF", "data: a\r\n\r\n"],
    ["CR", "data: a\r\r"],
    ["mixed", "data: a\r\n\n"],
  ] as const)("accepts %s line endings", ([, stream], { expect }) => {
    expect(parseAll([stream])).toEqual([event("a")]);
  });

  test("treats a CRLF split across chunks as one line break", ({ expect }) => {
    const parser = createSseParser();
    expect(parser.push("data: a\r")).toEqual([]);
    expect(parser.push("\n")).toEqual([]);
    expect(parser.push("\r")).toEqual([event("a")]);
    // This LF closes the CRLF above; it is not a second blank line.
    expect(parser.push("\ndata: b\n")).toEqual([]);
    expect(parser.push("\n")).toEqual([event("b")]);
  });

  test("dispatches at a CR without waiting for the next chunk", ({ expect }) => {
    const parser = createSseParser();
    expect(parser.push("data: a\r\r")).toEqual([event("a")]);
  });

  test("ignores comments, unknown fields and data-less blocks", ({ expect }) => {
    const stream = ": ping\n\nevent: x\n\nfoo: bar\ndata\n\n:data: no\n\n";
    // The data-less "event: x" block dispatches nothing and does not leak its type.
    expect(parseAll([stream])).toEqual([event("")]);
  });

  test("takes the event type from the block and resets it after dispatch", ({ expect }) => {
    expect(parseAll(["event: a\nevent: b\ndata: 1\n\ndata: 2\n\n"])).toEqual([
      event("1", { event: "b" }),
      event("2"),
    ]);
  });

  test("keeps the last event ID across events and ignores one with NUL", ({ expect }) => {
    const stream = "id: 1\ndata: a\n\ndata: b\n\nid: 2\0\ndata: c\n\nid\ndata: d\n\n";
    expect(parseAll([stream])).toEqual([
      event("a", { id: "1" }),
      event("b", { id: "1" }),
      event("c", { id: "1" }),
      event("d", { id: "" }),
    ]);
  });

  test("applies retry at once and ignores non-digit values", ({ expect }) => {
    const stream =
      "retry: 1500\n\nretry: 15x\ndata: a\n\nretry: -1\nretry: 99999999999999999999\ndata: b\n\n";
    expect(parseAll([stream])).toEqual([event("a", { retry: 1500 }), event("b", { retry: 1500 })]);
  });

  test("treats a line without a colon as a field with an empty value", ({ expect }) => {
    expect(parseAll(["event\ndata\n\n"])).toEqual([event("")]);
  });

  test("strips one leading BOM, even split across byte chunks", ({ expect }) => {
    const bytes = utf8.encode("\uFEFFdata: a\n\n");
    expect(parseAll([bytes.slice(0, 1), bytes.slice(1, 2), bytes.slice(2)])).toEqual([event("a")]);
    expect(parseAll(["\uFEFF", "\uFEFFdata: a\n\n"])).toEqual([]);
    expect(parseAll(["", "\uFEFFdata: \uFEFF\n\n"])).toEqual([event("\uFEFF")]);
  });

  test("decodes UTF-8 split anywhere inside a character", ({ expect }) => {
    const bytes = utf8.encode("data: é🚀\n\n");
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(parseAll(chunks)).toEqual([event("é🚀")]);
  });

  test("turns invalid UTF-8 into U+FFFD, also when bytes end mid-character", ({ expect }) => {
    const head = utf8.encode("data: a");
    expect(parseAll([head, Uint8Array.of(0xff, 0x0a, 0x0a)])).toEqual([event("a\uFFFD")]);
    // A string chunk after an incomplete sequence flushes it first.
    expect(parseAll([head, Uint8Array.of(0xe2, 0x82), "b\n\n"])).toEqual([event("a\uFFFDb")]);
  });

  test("discards an unterminated last event at the end (WHATWG)", ({ expect }) => {
    const parser = createSseParser();
    expect(parser.push("data: a\n\ndata: b\n")).toEqual([event("a")]);
    expect(parser.end()).toEqual([]);
  });

  test("starts a fresh stream after end()", ({ expect }) => {
    const parser = createSseParser();
    parser.push("id: 1\ndata: a\r");
    parser.end();
    expect(parser.push("\n\uFEFFdata: b\n\n")).toEqual([]);
    expect(parser.push("data: c\n\n")).toEqual([event("c")]);
  });

  test("throws SseParseError past the line-length limit, complete or partial", ({ expect }) => {
    const options = { maxLineLength: 10 };
    expect(parseAll(["data: 1234\n\n"], options)).toEqual([event("1234")]);
    expect(() => parseAll(["data: 12345\n\n"], options)).toThrow(SseParseError);
    const parser = createSseParser(options);
    parser.push("data: 12");
    expect(() => parser.push("345")).toThrow(/longer than 10 characters, starting "data: 12345"/);
  });

  test("rejects a line-length limit below 1", ({ expect }) => {
    expect(() => createSseParser({ maxLineLength: 0 })).toThrow(SseParseError);
  });

  test("in data-line mode, dispatches every data line at once (the SDK's reading)", ({
    expect,
  }) => {
    const parser = createSseParser({ dispatch: "data-line" });
    expect(parser.push("data: subscribe,chat,1\ndata: message,chat,hi\nda")).toEqual([
      event("subscribe,chat,1"),
      event("message,chat,hi"),
    ]);
    expect(parser.push("ta: x\n\n: ping\n\n")).toEqual([event("x")]);
  });

  test("in auto mode, reads a stream without blank lines one data line at a time", ({ expect }) => {
    // The service's framing (spec/kv-rest-wire.md §11.1); a ping's blank line follows no data line.
    const parser = createSseParser({ dispatch: "auto" });
    expect(parser.push("data: subscribe,chat,1\n: ping\n\n")).toEqual([event("subscribe,chat,1")]);
    expect(parser.push("data: message,chat,a\ndata: message,chat,b\n")).toEqual([
      event("message,chat,a"),
      event("message,chat,b"),
    ]);
  });

  test("in auto mode, joins data lines once the peer ends an event with a blank line", ({
    expect,
  }) => {
    const parser = createSseParser({ dispatch: "auto" });
    // The first event is dispatched at once, as in data-line mode
    expect(parser.push("data: subscribe,news,1\n")).toEqual([event("subscribe,news,1")]);
    // Its blank line shows the peer frames events as WHATWG does
    expect(parser.push("\ndata: message,news,hello\ndata:message,admin,FORGED\n")).toEqual([]);
    expect(parser.push("\n")).toEqual([event("message,news,hello\nmessage,admin,FORGED")]);
    // A new stream starts in data-line mode again
    parser.end();
    expect(parser.push("data: a\ndata: b\n")).toEqual([event("a"), event("b")]);
  });
});

// Text rich in what SSE treats specially: every newline style, colons, spaces, BOMs, commas.
const trickyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\r", "\n", "\r\n", ":", " ", ",", "\uFEFF", "data", "é", "🚀"),
    fc.string({ unit: "grapheme", maxLength: 1 }),
  ),
  maxLength: 30,
});
const singleLine = (arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  arbitrary.map((text) => text.replace(/[\r\n]/g, "_"));

const messageArbitrary: fc.Arbitrary<SseMessage> = fc.record(
  {
    data: trickyText,
    event: singleLine(trickyText),
    id: singleLine(trickyText).map((text) => text.replaceAll("\0", "_")),
    retry: fc.nat(),
  },
  { requiredKeys: ["data"] },
);

/** What the receiver should see for `messages`, per WHATWG's rules. */
function expectedEvents(messages: readonly SseMessage[]): SseEvent[] {
  let id = "";
  let retry: number | undefined;
  return messages.map((message) => {
    id = message.id ?? id;
    retry = message.retry ?? retry;
    const data = message.data.split(/\r\n|\r|\n/).join("\n");
    const type = message.event === undefined || message.event === "" ? "message" : message.event;
    return { event: type, data, id, ...(retry === undefined ? {} : { retry }) };
  });
}

describe("encodeSseEvent → createSseParser", () => {
  fcTest.prop([fc.array(messageArbitrary, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 8 })])(
    "round-trips through any split of the text",
    (messages, cuts) => {
      const stream = messages.map(encodeSseEvent).join("");
      assertSame(parseAll(splitAt(stream, cuts)), expectedEvents(messages));
    },
  );

  fcTest.prop([fc.array(messageArbitrary, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 8 })])(
    "round-trips through any split of the UTF-8 bytes",
    (messages, cuts) => {
      const bytes = utf8.encode(messages.map(encodeSseEvent).join(""));
      assertSame(parseAll(splitAt(bytes, cuts)), expectedEvents(messages));
    },
  );

  fcTest.prop([
    singleLine(trickyText),
    fc.array(messageArbitrary, { maxLength: 5 }),
    fc.array(fc.nat(), { maxLength: 8 }),
  ])("round-trips in auto mode after a one-line first event", (first, messages, cuts) => {
    // The emulator's streams open with a one-line confirmation (spec/kv-rest-wire.md §11).
    const all = [{ data: first }, ...messages];
    const bytes = utf8.encode(all.map(encodeSseEvent).join(""));
    assertSame(parseAll(splitAt(bytes, cuts), { dispatch: "auto" }), expectedEvents(all));
  });
});

describe("createSseParser on arbitrary streams", () => {
  const rawStream = fc.string({
    unit: fc.constantFrom(
      "data",
      "event",
      "id",
      "retry",
      ":",
      " ",
      "\r",
      "\n",
      "\r\n",
      "1",
      "é",
      "\uFEFF",
      "\0",
    ),
    maxLength: 60,
  });

  fcTest.prop([rawStream, fc.array(fc.nat(), { maxLength: 10 })])(
    "gives the same events however the text is chunked",
    (stream, cuts) => {
      assertSame(parseAll(splitAt(stream, cuts)), parseAll([stream]));
    },
  );

  fcTest.prop([rawStream, fc.array(fc.nat(), { maxLength: 10 })])(
    "gives the same events however the bytes are chunked",
    (stream, cuts) => {
      const bytes = utf8.encode(stream);
      assertSame(parseAll(splitAt(bytes, cuts)), parseAll([stream]));
    },
  );

  fcTest.prop([rawStream, fc.array(fc.nat(), { maxLength: 10 })])(
    "gives the same events however the text is chunked in data-line mode",
    (stream, cuts) => {
      const options = { dispatch: "data-line" } as const;
      assertSame(parseAll(splitAt(stream, cuts), options), parseAll([stream], options));
    },
  );

  fcTest.prop([rawStream, fc.array(fc.nat(), { maxLength: 10 })])(
    "gives the same events however the bytes are chunked in auto mode",
    (stream, cuts) => {
      const options = { dispatch: "auto" } as const;
      const bytes = utf8.encode(stream);
      assertSame(parseAll(splitAt(bytes, cuts), options), parseAll([stream], options));
    },
  );
});
