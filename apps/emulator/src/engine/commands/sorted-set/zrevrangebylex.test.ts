import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREVRANGEBYLEX", () => {
  test("max min, last first, with LIMIT", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "0", "a", "0", "b", "0", "c", "0", "d");
    expect(run("ZREVRANGEBYLEX", "z", "+", "-")).toEqual(r.bulks("d", "c", "b", "a"));
    expect(run("ZREVRANGEBYLEX", "z", "[c", "(a", "LIMIT", "1", "5")).toEqual(r.bulks("b"));
    expect(run("ZREVRANGEBYLEX", "z", "-", "+")).toEqual(r.arr());
  });

  test.for([
    [["ZREVRANGEBYLEX", "z", "+", "x"], ERR.MIN_MAX_NOT_LEX],
    [["ZREVRANGEBYLEX", "z", "+", "-", "REV"], ERR.SYNTAX],
    [["ZREVRANGEBYLEX", "s", "+", "-"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
