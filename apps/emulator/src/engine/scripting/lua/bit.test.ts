import { describe, test } from "vitest";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function lua(script: string): Reply {
  const reply = createTestEngine().run("EVAL", script, "0");
  return reply.kind === "error"
    ? r.err(reply.message.replace(/ script: [0-9a-f]{40}, on @user_script:\d+\.$/, ""))
    : reply;
}

describe("bit", () => {
  test("LuaBitOp operations, as redis-server 7.0 computes them", ({ expect }) => {
    expect(
      lua(
        "return {bit.tohex(255), bit.tohex(-1, -4), bit.tohex(1, 12), bit.band(0xff, '0x0f'), bit.tobit(2^32+5), bit.bnot(0), bit.lshift(1, 33), bit.arshift(-256, 4), bit.rol(1, 31), bit.bswap(0x12345678), bit.tobit(1.5), bit.tobit(2.5)}",
      ),
    ).toEqual(
      r.arr(
        r.bulk("000000ff"),
        r.bulk("FFFF"),
        r.bulk("00000001"),
        r.int(15),
        r.int(5),
        r.int(-1),
        r.int(2),
        r.int(-16),
        r.int(-2147483648),
        r.int(2018915346),
        r.int(2),
        r.int(2),
      ),
    );
    expect(
      lua(
        "return {bit.bor(1, 2, 4), bit.bxor(7, 2), bit.rshift(-1, 28), bit.ror(1, 1), bit.tobit(-1.5)}",
      ),
    ).toEqual(r.arr(r.int(7), r.int(5), r.int(15), r.int(-2147483648), r.int(-2)));
  });

  test.for([
    ["return bit.band()", "bad argument #1 to 'band' (number expected, got no value)"],
    ["return bit.band(1, nil)", "bad argument #2 to 'band' (number expected, got nil)"],
    ["return bit.band('x')", "bad argument #1 to 'band' (number expected, got string)"],
    ["return bit.lshift(1)", "bad argument #2 to 'lshift' (number expected, got no value)"],
  ] as const)("%s fails", ([script, error], { expect }) => {
    expect(lua(script)).toEqual(r.err(`ERR user_script:1: ${error}`));
  });
});
