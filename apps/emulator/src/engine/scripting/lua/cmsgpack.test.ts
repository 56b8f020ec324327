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

describe("cmsgpack", () => {
  // Byte-for-byte what redis-server 7.0 packs.
  test.for([
    [
      "return cmsgpack.pack(1, -1, 127, 128, 255, 256, 65535, 65536, -32, -33, -128, -129, -32768, -32769, 2^32, -2^31-1, 2^53)",
      "01 ff 7f cc80 ccff cd0100 cdffff ce00010000 e0 d0df d080 d1ff7f d18000 d2ffff7fff cf0000000100000000 d3ffffffff7fffffff cf0020000000000000",
    ],
    [
      "return cmsgpack.pack(1.5, 0.1, 1/0, 'abc', true, false, nil)",
      "ca3fc00000 cb3fb999999999999a ca7f800000 a3616263 c3 c2 c0",
    ],
    ["return cmsgpack.pack({1,2,3}, {a=1}, {}, {[1]=1,[3]=3})", "93010203 81a16101 90 8201010303"],
    [
      "local t = {} for i=1,20 do t[i]=i end return cmsgpack.pack(t)",
      `dc0014${"0102030405060708090a0b0c0d0e0f1011121314"}`,
    ],
    [
      "local t = {} local c = t for i=1,20 do c[1] = {} c = c[1] end return cmsgpack.pack(t)",
      `${"91".repeat(16)}c0`,
    ],
    ["return cmsgpack.pack(string.rep('x', 40))", `d928${"78".repeat(40)}`],
    ["return cmsgpack.pack(string.rep('y', 300))", `da012c${"79".repeat(300)}`],
  ] as const)("%s", ([script, bytes], { expect }) => {
    expect(lua(script)).toEqual(hex(bytes));
  });

  test.for([
    [
      "return {cmsgpack.unpack(cmsgpack.pack(1.5, 'x', {1,{2}}, true))}",
      r.arr(r.int(1), r.bulk("x"), r.arr(r.int(1), r.arr(r.int(2))), r.int(1)),
    ],
    ["return cmsgpack.unpack(string.char(0xcf,0,0,0,0,0,0,0,5))", r.int(5)],
    ["return tostring(cmsgpack.unpack(string.char(0xcb,0x3f,0xf8,0,0,0,0,0,0)))", r.bulk("1.5")],
    ["return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3))}", r.arr(r.int(1), r.int(1))],
    ["return {cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 2)}", r.arr(r.int(-1), r.int(3))],
    [
      "return {cmsgpack.unpack_limit(cmsgpack.pack(1,2,3), 2)}",
      r.arr(r.int(2), r.int(1), r.int(2)),
    ],
    [
      "local t = cmsgpack.unpack(cmsgpack.pack({a=1, b='x'})) return {t.a, t.b}",
      r.arr(r.int(1), r.bulk("x")),
    ],
    [
      "return {cmsgpack._NAME, cmsgpack._VERSION, cmsgpack._COPYRIGHT, cmsgpack._DESCRIPTION}",
      r.bulks(
        "cmsgpack",
        "lua-cmsgpack 0.4.0",
        "Copyright (C) 2012, Salvatore Sanfilippo",
        "MessagePack C implementation for Lua",
      ),
    ],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(lua(script)).toEqual(expected);
  });

  test.for([
    [
      "return cmsgpack.pack()",
      "ERR user_script:1: bad argument #0 to 'pack' (MessagePack pack needs input.)",
    ],
    ["return cmsgpack.unpack('\\196')", "ERR user_script:1: Bad data format in input."],
    ["return cmsgpack.unpack(string.char(0x92, 1))", "ERR user_script:1: Missing bytes in input."],
    [
      "return cmsgpack.unpack_one(cmsgpack.pack(1,2,3), 5)",
      "ERR user_script:1: Start offset 5 greater than input length 3.",
    ],
    [
      "return cmsgpack.unpack_one(cmsgpack.pack(1,2,3), -1)",
      "ERR user_script:1: Invalid request to unpack with offset of -1 and limit of 3.",
    ],
    ["return cmsgpack.unpack(string.char(0x81, 0xc0, 1))", "ERR table index is nil"],
  ] as const)("%s fails", ([script, error], { expect }) => {
    expect(lua(script)).toEqual(r.err(error));
  });
});
