import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { utf8Encode } from "../base64/index.ts";
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
