import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "z", "1", "a", "2", "b", "3", "c", "4", "d", "5", "e");
  engine.run("ZADD", "lex", "0", "a", "0", "b", "0", "c", "0", "d");
  engine.run("SET", "s", "v");
  return engine;
}

describe("ZRANGE", () => {
  test("by index, with negative indexes, REV and WITHSCORES", ({ expect }) => {
    const { run } = setup();
    expect(run("ZRANGE", "z", "0", "1")).toEqual(r.bulks("a", "b"));
    expect(run("ZRANGE", "z", "-2", "-1", "WITHSCORES")).toEqual(r.bulks("d", "4", "e", "5"));
    expect(run("ZRANGE", "z", "0", "1", "REV")).toEqual(r.bulks("e", "d"));
    expect(run("ZRANGE", "z", "3", "1")).toEqual(r.arr());
    expect(run("ZRANGE", "z", "-100", "100")).toEqual(r.bulks("a", "b", "c", "d", "e"));
    expect(run("ZRANGE", "missing", "0", "-1")).toEqual(r.arr());
  });

  test("BYSCORE with exclusive ends, infinities, REV and LIMIT", ({ expect }) => {
    const { run } = setup();
    expect(run("ZRANGE", "z", "(1", "3", "BYSCORE")).toEqual(r.bulks("b", "c"));
    expect(run("ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "1", "2")).toEqual(
      r.bulks("b", "c"),
    );
    expect(run("ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "3", "-1")).toEqual(
      r.bulks("d", "e"),
    );
    expect(run("ZRANGE", "z", "(5", "+inf", "BYSCORE")).toEqual(r.arr());
    expect(run("ZRANGE", "z", "4", "(2", "BYSCORE", "REV", "WITHSCORES")).toEqual(
      r.bulks("d", "4", "c", "3"),
    );
    expect(run("ZRANGE", "z", "+inf", "-inf", "BYSCORE", "REV", "LIMIT", "1", "1")).toEqual(
      r.bulks("d"),
    );
    expect(run("ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "10", "1")).toEqual(r.arr());
    expect(run("ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "0", "0")).toEqual(r.arr());
  });

  test("a negative LIMIT offset: nothing from a listpack, from the other end of a skiplist", ({
    expect,
  }) => {
    const { run } = setup();
    expect(run("ZRANGE", "z", "-inf", "+inf", "BYSCORE", "LIMIT", "-1", "5")).toEqual(r.arr());
    for (let i = 0; i < 200; i++) {
      run("ZADD", "big", String(i), `m${i}`);
    }
    expect(run("ZRANGE", "big", "-inf", "+inf", "BYSCORE", "LIMIT", "-2", "5")).toEqual(
      r.bulks("m198", "m199"),
    );
    expect(run("ZRANGE", "big", "+inf", "-inf", "BYSCORE", "REV", "LIMIT", "-2", "5")).toEqual(
      r.bulks("m1", "m0"),
    );
  });

  test("BYLEX with REV and LIMIT", ({ expect }) => {
    const { run } = setup();
    expect(run("ZRANGE", "lex", "[b", "(d", "BYLEX")).toEqual(r.bulks("b", "c"));
    expect(run("ZRANGE", "lex", "-", "+", "BYLEX", "LIMIT", "1", "2")).toEqual(r.bulks("b", "c"));
    expect(run("ZRANGE", "lex", "+", "[b", "BYLEX", "REV")).toEqual(r.bulks("d", "c", "b"));
    expect(run("ZRANGE", "lex", "+", "-", "BYLEX")).toEqual(r.arr());
  });

  test("LIMIT 0 -1 passes with an index range, as in Redis", ({ expect }) => {
    const { run } = setup();
    expect(run("ZRANGE", "z", "0", "0", "LIMIT", "0", "-1")).toEqual(r.bulks("a"));
  });

  test.for([
    [["ZRANGE", "z", "0", "-1", "LIMIT", "0", "1"], ERR.LIMIT_WITHOUT_BY],
    [["ZRANGE", "z", "[a", "[b", "BYLEX", "WITHSCORES"], ERR.WITHSCORES_WITH_BYLEX],
    [["ZRANGE", "z", "0", "1", "BYSCORE", "BYLEX"], ERR.SYNTAX],
    [["ZRANGE", "z", "0", "1", "BYSCORE", "BYSCORE"], ERR.SYNTAX],
    [["ZRANGE", "z", "0", "1", "REV", "REV"], ERR.SYNTAX],
    [["ZRANGE", "z", "0", "1", "LIMIT", "0"], ERR.SYNTAX],
    [["ZRANGE", "z", "0", "1", "FOO"], ERR.SYNTAX],
    [["ZRANGE", "z", "0", "1", "BYSCORE", "LIMIT", "0", "x"], ERR.NOT_INTEGER],
    [["ZRANGE", "z", "x", "1"], ERR.NOT_INTEGER],
    [["ZRANGE", "z", "x", "1", "BYSCORE"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZRANGE", "z", "(nan", "1", "BYSCORE"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZRANGE", "z", "a", "b", "BYLEX"], ERR.MIN_MAX_NOT_LEX],
    [["ZRANGE", "missing", "a", "b", "BYLEX"], ERR.MIN_MAX_NOT_LEX],
    [["ZRANGE", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
