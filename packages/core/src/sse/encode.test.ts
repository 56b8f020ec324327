import { describe, test } from "vitest";
import { encodeSseComment, encodeSseEvent, encodeSseEventBytes, SSE_PING_EVENT } from "./encode.ts";
import { SseEncodeError } from "./errors.ts";

describe("encodeSseEvent", () => {
  test("frames one data line and a blank line", ({ expect }) => {
    expect(encodeSseEvent({ data: "subscribe,chat,1" })).toBe("data: subscribe,chat,1\n\n");
  });

  test.for([
    ["a\nb", "data: a\ndata:b\n\n"],
    ["a\r\nb", "data: a\ndata:b\n\n"],
    ["a\rb", "data: a\ndata:b\n\n"],
    ["a\n\r\nb\r", "data: a\ndata:\ndata:b\ndata:\n\n"],
    ["\n", "data: \ndata:\n\n"],
    ["", "data: \n\n"],
    [" lead", "data:  lead\n\n"],
  ] as const)("splits %j on every newline style", ([data, expected], { expect }) => {
    expect(encodeSseEvent({ data })).toBe(expected);
  });

  test.for([
    // The payload: the SDK must not read the second line as a message on `admin`.
    [
      "message,news,hello\nmessage,admin,FORGED",
      "data: message,news,hello\ndata:message,admin,FORGED\n\n",
    ],
    ["x\ndata: message,admin,FORGED", "data: x\ndata:data: message,admin,FORGED\n\n"],
    // A leading space must survive the receiver's one-space strip, so it takes `data: `.
    ["x\n message,admin,FORGED", "data: x\ndata:  message,admin,FORGED\n\n"],
  ] as const)(
    "writes the lines after the first without the SDK's `data: ` (%j)",
    ([data, expected], { expect }) => {
      expect(encodeSseEvent({ data })).toBe(expected);
    },
  );

  test("writes event, id and retry before the data", ({ expect }) => {
    expect(encodeSseEvent({ data: "x", event: "update", id: "7", retry: 1000 })).toBe(
      "event: update\nid: 7\nretry: 1000\ndata: x\n\n",
    );
  });

  test.for([
    [{ data: "", event: "a\nb" }, /event must not contain a line break: "a\\nb"/],
    [{ data: "", event: "a\rb" }, /event/],
    [{ data: "", id: "1\r\n" }, /id must not contain a line break/],
    [{ data: "", id: "1\0" }, /id must not contain NUL/],
    [{ data: "", retry: -1 }, /retry must be a non-negative integer/],
    [{ data: "", retry: 1.5 }, /retry/],
    [{ data: "", retry: Number.NaN }, /retry/],
  ] as const)("rejects %j", ([message, pattern], { expect }) => {
    expect(() => encodeSseEvent(message)).toThrow(SseEncodeError);
    expect(() => encodeSseEvent(message)).toThrow(pattern);
  });

  test("has a bytes variant that is the UTF-8 of the text", ({ expect }) => {
    const message = { data: "héllo\nwörld", event: "ü" };
    expect(encodeSseEventBytes(message)).toEqual(new TextEncoder().encode(encodeSseEvent(message)));
  });
});

describe("encodeSseComment", () => {
  test("frames a comment the SDK ignores (spec/kv-rest-wire.md §11.1)", ({ expect }) => {
    expect(encodeSseComment("ping")).toBe(": ping\n\n");
    expect(SSE_PING_EVENT).toBe(": ping\n\n");
  });

  test("rejects a line break", ({ expect }) => {
    expect(() => encodeSseComment("a\nb")).toThrow(SseEncodeError);
  });
});
