import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZCOUNT", () => {
  test("counts scores in the range", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c", "+inf", "d");
    expect(run("ZCOUNT", "z", "-inf", "+inf")).toEqual(r.int(4));
    expect(run("ZCOUNT", "z", "(1", "3")).toEqual(r.int(2));
    expect(run("ZCOUNT", "z", "(1", "(2")).toEqual(r.int(0));
    expect(run("ZCOUNT", "z", "inf", "+INFINITY")).toEqual(r.int(1));
    // As strtod does, an empty bound reads as 0.
    expect(run("ZCOUNT", "z", "", "(")).toEqual(r.int(0));
    expect(run("ZCOUNT", "missing", "0", "1")).toEqual(r.int(0));
  });

  test.for([
    [["ZCOUNT", "z", "x", "1"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZCOUNT", "z", "1", "nan"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZCOUNT", "z", " 1", "2"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZCOUNT", "s", "1", "2"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
