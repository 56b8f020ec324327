import { test } from "vitest";
import { formatReply, replyToJson } from "./reply-format.ts";

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

test("prints replies like redis-cli", ({ expect }) => {
  expect(formatReply(null)).toEqual(["(nil)"]);
  expect(formatReply(3)).toEqual(["(integer) 3"]);
  expect(formatReply(text("hi\n"))).toEqual(['"hi\\n"']);
  expect(formatReply([])).toEqual(["(empty array)"]);
  expect(formatReply([text("a"), [text("b"), null]])).toEqual([
    '1) "a"',
    '2) 1) "b"',
    "   2) (nil)",
  ]);
});

test("JSON output decodes bytes", ({ expect }) => {
  expect(replyToJson([text("a"), 1, null, 2n])).toEqual(["a", 1, null, "2"]);
});
