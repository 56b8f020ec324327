import { describe, test } from "vitest";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function lua(script: string): Reply {
  const reply = createTestEngine().run("EVAL", script, "0");
  return reply.kind === "error"
    ? r.err(reply.message.replace(/ script: [0-9a-f]{40}, on @user_script:\d+\.$/, ""))
    : reply;
}

const hex = (text: string): Reply =>
  r.bulk(Buffer.from(text.replace(/ /g, ""), "hex").toString("latin1"));

describe("struct", () => {
  test("pack, unpack and size, as redis-server 7.0 computes them", ({ expect }) => {
    expect(lua("return struct.pack('<i4 >h b B d f', -2, 258, -1, 255, 1.5, 0.25)")).toEqual(
      hex("feffffff 0102 ff ff 3ff8000000000000 3e800000"),
    );
    expect(lua("return struct.pack('!4 b i', 1, 2)")).toEqual(hex("01000000 02000000"));
    expect(lua("return struct.pack('s', 'abc')")).toEqual(hex("61626300"));
    expect(
      lua(
        "return {struct.unpack('<i4 >h b B d f', struct.pack('<i4 >h b B d f', -2, 258, -1, 255, 1.5, 0.25))}",
      ),
    ).toEqual(r.arr(r.int(-2), r.int(258), r.int(-1), r.int(255), r.int(1), r.int(0), r.int(21)));
    expect(lua("return {struct.unpack('s i', 'ab\\0' .. struct.pack('i', 7))}")).toEqual(
      r.arr(r.bulk("ab"), r.int(7), r.int(8)),
    );
    expect(lua("return {struct.unpack('c2', 'abcd', 2)}")).toEqual(r.arr(r.bulk("bc"), r.int(4)));
    expect(lua("return {struct.unpack('<i2c0', struct.pack('<i2', 3) .. 'abcd')}")).toEqual(
      r.arr(r.bulk("abc"), r.int(6)),
    );
    expect(
      lua(
        "return {struct.size('!8 b d'), struct.size('c5 x l'), struct.size('ihb'), struct.size('!ihb')}",
      ),
    ).toEqual(r.arr(r.int(16), r.int(14), r.int(7), r.int(7)));
    expect(lua("return {struct.unpack('bB', '\\255\\255')}")).toEqual(
      r.arr(r.int(-1), r.int(255), r.int(3)),
    );
    expect(lua("return {struct.unpack('>l', '\\255\\255\\255\\255\\255\\255\\255\\254')}")).toEqual(
      r.arr(r.int(-2), r.int(9)),
    );
    expect(lua("return {struct.unpack('>L', '\\255\\255\\255\\255\\255\\255\\255\\255')}")).toEqual(
      r.arr(r.int(-9223372036854775808n), r.int(9)),
    );
  });

  test.for([
    ["return struct.pack('c3', 'ab')", "bad argument #3 to 'pack' (string too short)"],
    ["return struct.pack('y', 'ab')", "bad argument #1 to 'pack' (invalid format option 'y')"],
    ["return struct.pack('i40', 1)", "integral size 40 is larger than limit of 32"],
    ["return struct.pack('!3 i', 1)", "alignment 3 is not a power of 2"],
    ["return struct.pack('i', 'x')", "bad argument #2 to 'pack' (number expected, got string)"],
    ["return struct.unpack('i', 'ab')", "bad argument #2 to 'unpack' (data string too short)"],
    [
      "return struct.unpack('i', 'abcd', 0)",
      "bad argument #3 to 'unpack' (offset must be 1 or greater)",
    ],
    ["return struct.unpack('c0', 'abc')", "format 'c0' needs a previous size"],
    ["return struct.unpack('s', 'abc')", "unfinished string in data"],
    ["return struct.size('s')", "bad argument #1 to 'size' (option 's' has no fixed size)"],
  ] as const)("%s fails", ([script, error], { expect }) => {
    expect(lua(script)).toEqual(r.err(`ERR user_script:1: ${error}`));
  });
});
