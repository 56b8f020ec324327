import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { utf8Decode, utf8Encode } from "../base64/index.ts";
import { createSseParser, encodeSseEvent } from "../sse/index.ts";
import { PubSubItemParseError, RestFormatError } from "./errors.ts";
import {
  formatMessageItem,
  formatPMessageItem,
  formatPubSubItem,
  formatSubscribeItem,
  type PubSubItem,
  parsePubSubItem,
} from "./pubsub.ts";

/** Throws with both values printed when they differ (props have no `expect`). */
function assertSame(actual: unknown, expected: unknown): void {
  const [a, e] = [fc.stringify(actual), fc.stringify(expected)];
  if (a !== e) {
    throw new Error(`expected ${e}\nreceived ${a}`);
  }
}

describe("formatting (spec/kv-rest-wire.md §11.1)", () => {
  test("writes the documented lines", ({ expect }) => {
    expect(formatSubscribeItem({ kind: "subscribe", channel: "chat", count: 1 })).toBe(
      "subscribe,chat,1",
    );
    expect(formatSubscribeItem({ kind: "psubscribe", channel: "user:*", count: 1 })).toBe(
      "psubscribe,user:*,1",
    );
    expect(formatSubscribeItem({ kind: "punsubscribe", channel: "p", count: 0 })).toBe(
      "punsubscribe,p,0",
    );
    expect(formatMessageItem({ channel: "chat", message: "how are you today?" })).toBe(
      "message,chat,how are you today?",
    );
    expect(formatPMessageItem({ pattern: "user:*", channel: "user:1", message: '{"a":1}' })).toBe(
      'pmessage,user:*,user:1,{"a":1}',
    );
  });

  test("shows bytes as UTF-8 text, invalid sequences as U+FFFD, never base64", ({ expect }) => {
    const message = Uint8Array.of(0x68, 0xc3, 0xa9, 0xff);
    expect(formatMessageItem({ channel: utf8Encode("c"), message })).toBe("message,c,hé\uFFFD");
  });

  test.for([-1, 1.5, Number.NaN])("rejects the count %s", (count, { expect }) => {
    expect(() => formatSubscribeItem({ kind: "subscribe", channel: "c", count })).toThrow(
      RestFormatError,
    );
  });
});

describe("parsePubSubItem", () => {
  test.for([
    ["subscribe,chat,1", { kind: "subscribe", channel: "chat", count: 1 }],
    ["unsubscribe,chat,0", { kind: "unsubscribe", channel: "chat", count: 0 }],
    ["psubscribe,user:*,1", { kind: "psubscribe", channel: "user:*", count: 1 }],
    ["punsubscribe,user:*,0", { kind: "punsubscribe", channel: "user:*", count: 0 }],
    ["message,chat,hello, world", { kind: "message", channel: "chat", message: "hello, world" }],
    ["message,chat,", { kind: "message", channel: "chat", message: "" }],
    ["message,,x", { kind: "message", channel: "", message: "x" }],
    [
      "pmessage,user:*,user:1,a,b",
      { kind: "pmessage", pattern: "user:*", channel: "user:1", message: "a,b" },
    ],
  ] as const)("parses %j", ([line, item], { expect }) => {
    expect(parsePubSubItem(line)).toEqual(item);
  });

  test("splits a comma in a channel name like the SDK does (§11.1)", ({ expect }) => {
    expect(parsePubSubItem("message,chan,1,hello, world")).toEqual({
      kind: "message",
      channel: "chan",
      message: "1,hello, world",
    });
  });

  test("splits it exactly when told the subscription", ({ expect }) => {
    const options = { subscription: "chan,1" };
    expect(parsePubSubItem("message,chan,1,hello, world", options)).toEqual({
      kind: "message",
      channel: "chan,1",
      message: "hello, world",
    });
    expect(parsePubSubItem("subscribe,chan,1,1", options)).toEqual({
      kind: "subscribe",
      channel: "chan,1",
      count: 1,
    });
    expect(parsePubSubItem("pmessage,a,*,a,1,x", { subscription: "a,*" })).toEqual({
      kind: "pmessage",
      pattern: "a,*",
      channel: "a",
      message: "1,x",
    });
    // A line for another name falls back to the SDK's split.
    expect(parsePubSubItem("message,other,x", options)).toEqual({
      kind: "message",
      channel: "other",
      message: "x",
    });
  });

  test.for([
    "",
    "OK",
    '"OK"',
    "message,chat",
    "subscribe,chat",
    "pmessage,p,c",
    "hello,chat,1",
    "Message,chat,x",
  ])("drops %j, as the SDK does", (line, { expect }) => {
    expect(parsePubSubItem(line)).toBeUndefined();
  });

  test.for([
    "subscribe,chat,",
    "subscribe,chat,x",
    "subscribe,chat,1,1",
    "subscribe,chat, 1",
    "subscribe,chat,-1",
  ])("rejects the malformed count in %j", (line, { expect }) => {
    expect(() => parsePubSubItem(line)).toThrow(PubSubItemParseError);
  });
});

const name = fc.string({ unit: fc.constantFrom("a", "é", ":", "*", " ", "\n"), maxLength: 6 });
const nameWithCommas = fc.string({ unit: fc.constantFrom("a", ",", ":", "*"), maxLength: 6 });
const payload = fc.string({
  unit: fc.constantFrom("a", ",", " ", "\n", "\r\n", "{", '"', "🚀"),
  maxLength: 10,
});
const kind = fc.constantFrom("subscribe", "unsubscribe", "psubscribe", "punsubscribe" as const);

describe("formatPubSubItem → parsePubSubItem", () => {
  fcTest.prop([
    fc.oneof(
      fc.record({ kind, channel: name, count: fc.nat() }, { noNullPrototype: true }),
      fc.record(
        { kind: fc.constant("message" as const), channel: name, message: payload },
        { noNullPrototype: true },
      ),
      fc.record(
        {
          kind: fc.constant("pmessage" as const),
          pattern: name,
          channel: name,
          message: payload,
        },
        { noNullPrototype: true },
      ),
    ),
  ])("round-trips names without commas and any payload", (item: PubSubItem) => {
    assertSame(parsePubSubItem(formatPubSubItem(item)), item);
  });

  fcTest.prop([
    fc.oneof(
      fc.record({ kind, channel: nameWithCommas, count: fc.nat() }, { noNullPrototype: true }),
      fc.record(
        { kind: fc.constant("message" as const), channel: nameWithCommas, message: payload },
        { noNullPrototype: true },
      ),
      fc.record(
        {
          kind: fc.constant("pmessage" as const),
          pattern: nameWithCommas,
          channel: name,
          message: payload,
        },
        { noNullPrototype: true },
      ),
    ),
  ])("round-trips names with commas given the subscription", (item: PubSubItem) => {
    const subscription = item.kind === "pmessage" ? item.pattern : item.channel;
    assertSame(parsePubSubItem(formatPubSubItem(item), { subscription }), item);
  });
});

// ---- through the SSE stream: the emulator's framing, read by the client and by the SDK ----------

/** Cuts `whole` at the given positions (taken modulo its length). */
function splitBytes(whole: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const positions = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const position of positions) {
    pieces.push(whole.slice(start, position));
    start = position;
  }
  pieces.push(whole.slice(start));
  return pieces;
}

/** The body of a subscribe stream as the emulator writes it (kv.ts: one SSE event per item). */
function emulatorStream(items: readonly string[]): Uint8Array {
  return utf8Encode(items.map((data) => encodeSseEvent({ data })).join(""));
}

/** What `@stratus/client` yields for a stream body: `sse-stream.ts` and `subscribe.ts`. */
function clientItems(chunks: readonly Uint8Array[], subscription: string): PubSubItem[] {
  const parser = createSseParser({ dispatch: "auto" });
  const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  return events.flatMap((event) => parsePubSubItem(event.data, { subscription }) ?? []);
}

/**
 * The `[type, channel]` of each event the SDK dispatches for a stream body: upstash/redis-js
 * `pkg/http.ts` splits on `"\n"` and keeps the text after `data: `, then `Subscriber.handleMessage`
 * (`pkg/commands/subscribe.ts`) strips `^data:\s*` and splits at the first commas (1.39.0).
 */
function sdkEvents(body: Uint8Array, isPattern: boolean): [string, string][] {
  const events: [string, string][] = [];
  for (const line of utf8Decode(body).split("\n").slice(0, -1)) {
    if (!line.startsWith("data: ")) {
      continue;
    }
    const data = line.slice(6).replace(/^data:\s*/, "");
    const first = data.indexOf(",");
    const second = data.indexOf(",", first + 1);
    const third = isPattern ? data.indexOf(",", second + 1) : -1;
    if (first === -1 || second === -1) {
      continue;
    }
    const type = data.slice(0, first);
    if (isPattern && type === "pmessage" && third !== -1) {
      events.push([type, data.slice(second + 1, third)]);
    } else {
      events.push([type, data.slice(first + 1, second)]);
    }
  }
  return events;
}

/** Bytes rich in what could break the framing: every line break, NUL, invalid UTF-8, fake items. */
const payloadBytes = fc
  .array(
    fc.oneof(
      fc
        .constantFrom(
          "\n",
          "\r",
          "\r\n",
          "\n\n",
          "\0",
          " ",
          ",",
          "data: ",
          "data:",
          "message,admin,FORGED",
          "pmessage,*,admin,FORGED",
          "subscribe,admin,1",
          "é",
        )
        .map(utf8Encode),
      fc.uint8Array({ maxLength: 4 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => Uint8Array.from(parts.flatMap((part) => [...part])));
/** A subscription name: no comma (the SDK's split) and no line break (a one-line confirmation). */
const subscriptionName = fc.string({
  unit: fc.constantFrom("a", "é", ":", "*", " ", "\0", "news"),
  minLength: 1,
  maxLength: 6,
});
/** What the client should read for a payload: UTF-8 text, with CR and CRLF as LF (WHATWG). */
const received = (bytes: Uint8Array): string => utf8Decode(bytes).replace(/\r\n?/g, "\n");

describe("pub/sub items over SSE (issue: newlines in published messages)", () => {
  test("the issue's payload reaches the client whole, and the SDK only as its first line", ({
    expect,
  }) => {
    const body = emulatorStream([
      formatSubscribeItem({ kind: "subscribe", channel: "news", count: 1 }),
      formatMessageItem({ channel: "news", message: "hello\nmessage,admin,FORGED" }),
    ]);
    expect(clientItems([body], "news")).toEqual([
      { kind: "subscribe", channel: "news", count: 1 },
      { kind: "message", channel: "news", message: "hello\nmessage,admin,FORGED" },
    ]);
    expect(sdkEvents(body, false)).toEqual([
      ["subscribe", "news"],
      ["message", "news"],
    ]);
  });

  fcTest.prop([
    subscriptionName,
    fc.array(payloadBytes, { maxLength: 4 }),
    fc.array(fc.nat(), { maxLength: 8 }),
  ])(
    "each message reaches the client once, on its channel, however the bytes are cut",
    (channel, payloads, cuts) => {
      const body = emulatorStream([
        formatSubscribeItem({ kind: "subscribe", channel, count: 1 }),
        ...payloads.map((message) => formatMessageItem({ channel, message })),
      ]);
      assertSame(clientItems(splitBytes(body, cuts), channel), [
        { kind: "subscribe", channel, count: 1 },
        ...payloads.map((message) => ({ kind: "message", channel, message: received(message) })),
      ]);
    },
  );

  fcTest.prop([subscriptionName, subscriptionName, fc.array(payloadBytes, { maxLength: 4 })])(
    "each pattern message reaches the client once, on its channel",
    (pattern, channel, payloads) => {
      const body = emulatorStream([
        formatSubscribeItem({ kind: "psubscribe", channel: pattern, count: 1 }),
        ...payloads.map((message) => formatPMessageItem({ pattern, channel, message })),
      ]);
      assertSame(clientItems([body], pattern), [
        { kind: "psubscribe", channel: pattern, count: 1 },
        ...payloads.map((message) => ({
          kind: "pmessage",
          pattern,
          channel,
          message: received(message),
        })),
      ]);
    },
  );

  fcTest.prop([subscriptionName, fc.array(payloadBytes, { maxLength: 4 }), fc.boolean()])(
    "the SDK sees one message per publish, on its channel, and nothing forged",
    (name, payloads, isPattern) => {
      // The pattern stream's channel is the name too, so any other channel would be forged.
      const body = emulatorStream([
        formatSubscribeItem({
          kind: isPattern ? "psubscribe" : "subscribe",
          channel: name,
          count: 1,
        }),
        ...payloads.map((message) =>
          isPattern
            ? formatPMessageItem({ pattern: name, channel: name, message })
            : formatMessageItem({ channel: name, message }),
        ),
      ]);
      // Types the SDK's users listen to; anything else (e.g. " message") reaches no listener.
      const kinds = new Set([
        "subscribe",
        "psubscribe",
        "unsubscribe",
        "punsubscribe",
        "message",
        "pmessage",
      ]);
      const heard = sdkEvents(body, isPattern).filter(([type]) => kinds.has(type));
      assertSame(heard, [
        [isPattern ? "psubscribe" : "subscribe", name],
        ...payloads.map(() => [isPattern ? "pmessage" : "message", name]),
      ]);
    },
  );
});
