import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZRANGEBYLEX", () => {
  test("inclusive, exclusive and infinite ends with LIMIT", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "0", "a", "0", "b", "0", "c", "0", "d");
    expect(run("ZRANGEBYLEX", "z", "-", "+")).toEqual(r.bulks("a", "b", "c", "d"));
    expect(run("ZRANGEBYLEX", "z", "(a", "[c")).toEqual(r.bulks("b", "c"));
    expect(run("ZRANGEBYLEX", "z", "[b", "+", "LIMIT", "1", "1")).toEqual(r.bulks("c"));
    expect(run("ZRANGEBYLEX", "z", "[", "(")).toEqual(r.arr());
    expect(run("ZRANGEBYLEX", "z", "[c", "[b")).toEqual(r.arr());
  });

  test("a large set answers the same", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 200; i++) {
      run("ZADD", "z", "0", `m${String(i).padStart(3, "0")}`);
    }
    expect(run("ZRANGEBYLEX", "z", "[m100", "(m103")).toEqual(r.bulks("m100", "m101", "m102"));
    expect(run("ZLEXCOUNT", "z", "(m100", "+")).toEqual(r.int(99));
  });

  test.for([
    [["ZRANGEBYLEX", "z", "a", "[b"], ERR.MIN_MAX_NOT_LEX],
    [["ZRANGEBYLEX", "z", "-a", "+"], ERR.MIN_MAX_NOT_LEX],
    [["ZRANGEBYLEX", "z", "-", "+", "WITHSCORES"], ERR.WITHSCORES_WITH_BYLEX],
    [["ZRANGEBYLEX", "z", "-", "+", "BYLEX"], ERR.SYNTAX],
    [["ZRANGEBYLEX", "s", "-", "+"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
