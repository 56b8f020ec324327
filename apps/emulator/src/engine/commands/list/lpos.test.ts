import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LPOS", () => {
  const setup = () => {
    const engine = createTestEngine();
    engine.run("RPUSH", "k", "a", "b", "c", "1", "2", "3", "c", "c");
    engine.run("SET", "s", "v");
    return engine;
  };

  test("the first match, or nil", ({ expect }) => {
    const { run } = setup();
    expect(run("LPOS", "k", "c")).toEqual(r.int(2));
    expect(run("LPOS", "k", "zz")).toEqual(r.nil);
    expect(run("LPOS", "missing", "c")).toEqual(r.nil);
  });

  test("RANK picks the nth match, negative from the tail", ({ expect }) => {
    const { run } = setup();
    expect(run("LPOS", "k", "c", "RANK", "2")).toEqual(r.int(6));
    expect(run("LPOS", "k", "c", "RANK", "-1")).toEqual(r.int(7));
    expect(run("LPOS", "k", "c", "RANK", "-3")).toEqual(r.int(2));
    expect(run("LPOS", "k", "c", "RANK", "4")).toEqual(r.nil);
  });

  test("COUNT answers an array (0: every match)", ({ expect }) => {
    const { run } = setup();
    expect(run("LPOS", "k", "c", "COUNT", "2")).toEqual(r.arr(r.int(2), r.int(6)));
    expect(run("LPOS", "k", "c", "COUNT", "0")).toEqual(r.arr(r.int(2), r.int(6), r.int(7)));
    expect(run("LPOS", "k", "c", "COUNT", "0", "RANK", "-2")).toEqual(r.arr(r.int(6), r.int(2)));
    expect(run("LPOS", "k", "zz", "COUNT", "0")).toEqual(r.arr());
    expect(run("LPOS", "missing", "c", "COUNT", "1")).toEqual(r.arr());
  });

  test("MAXLEN bounds the comparisons; options may repeat", ({ expect }) => {
    const { run } = setup();
    expect(run("LPOS", "k", "c", "MAXLEN", "2")).toEqual(r.nil);
    expect(run("LPOS", "k", "c", "MAXLEN", "3")).toEqual(r.int(2));
    expect(run("LPOS", "k", "c", "COUNT", "0", "MAXLEN", "7")).toEqual(r.arr(r.int(2), r.int(6)));
    expect(run("LPOS", "k", "c", "RANK", "1", "RANK", "2")).toEqual(r.int(6));
  });

  test.for([
    [["LPOS", "k", "c", "RANK", "0"], ERR.LPOS_RANK_ZERO],
    [["LPOS", "k", "c", "RANK", "x"], ERR.NOT_INTEGER],
    [
      ["LPOS", "k", "c", "RANK", "-9223372036854775808"],
      ERR.VALUE_NOT_BETWEEN("-9223372036854775807", "9223372036854775807"),
    ],
    [["LPOS", "k", "c", "COUNT", "-1"], ERR.COUNT_NEGATIVE],
    [["LPOS", "k", "c", "COUNT", "x"], ERR.COUNT_NEGATIVE],
    [["LPOS", "k", "c", "MAXLEN", "-1"], ERR.MAXLEN_NEGATIVE],
    [["LPOS", "k", "c", "RANK"], ERR.SYNTAX],
    [["LPOS", "k", "c", "FOO", "1"], ERR.SYNTAX],
    [["LPOS", "missing", "c", "RANK", "0"], ERR.LPOS_RANK_ZERO],
    [["LPOS", "s", "c"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
