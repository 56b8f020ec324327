import { describe, test } from "vitest";
import { formatResponseHead, type ResponseHeadOptions } from "./response-head.ts";

const answer: ResponseHeadOptions = {
  status: 200,
  headers: { "content-type": "application/json" },
  framing: { kind: "length", length: 2 },
  keepAlive: true,
  keepAliveSeconds: 5,
};

describe("formatResponseHead", () => {
  test("writes the route's fields, then the server's, then framing and connection", ({
    expect,
  }) => {
    const head = formatResponseHead({ ...answer, serverHeaders: { "stratus-worker": "42" } });
    expect(head.replace(/date: [^\r]*/, "date: D")).toBe(
      "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nstratus-worker: 42\r\n" +
        "content-length: 2\r\ndate: D\r\nconnection: keep-alive\r\nkeep-alive: timeout=5\r\n\r\n",
    );
  });

  test.for<[string, string]>([
    ["a line break", "a\r\nset-cookie: x"],
    ["a bare LF", "a\nb"],
    ["a control byte", "a\u0000b"],
    ["a character beyond ASCII", "café"],
  ])("refuses a field value with %s", ([, value], { expect }) => {
    expect(() => formatResponseHead({ ...answer, headers: { "x-a": value } })).toThrow(
      /x-a holds a character that is not visible ASCII/,
    );
  });
});
