import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "a", "1", "x", "2", "y", "3", "z");
  engine.run("ZADD", "b", "10", "x", "20", "w");
  engine.run("SADD", "s", "x", "q");
  engine.run("SET", "str", "v");
  return engine;
}

describe("ZUNION", () => {
  test("sums scores by default; sets count as score 1", ({ expect }) => {
    const { run } = setup();
    expect(run("ZUNION", "2", "a", "b", "WITHSCORES")).toEqual(
      r.bulks("y", "2", "z", "3", "x", "11", "w", "20"),
    );
    expect(run("ZUNION", "3", "a", "s", "missing", "WITHSCORES")).toEqual(
      r.bulks("q", "1", "x", "2", "y", "2", "z", "3"),
    );
    expect(run("ZUNION", "1", "missing")).toEqual(r.arr());
  });

  test("WEIGHTS and AGGREGATE MIN/MAX", ({ expect }) => {
    const { run } = setup();
    expect(run("ZUNION", "2", "a", "b", "WEIGHTS", "2", "0.5", "WITHSCORES")).toEqual(
      r.bulks("y", "4", "z", "6", "x", "7", "w", "10"),
    );
    expect(run("ZUNION", "2", "a", "b", "AGGREGATE", "MIN", "WITHSCORES")).toEqual(
      r.bulks("x", "1", "y", "2", "z", "3", "w", "20"),
    );
    expect(run("ZUNION", "2", "a", "b", "aggregate", "max")).toEqual(r.bulks("y", "z", "x", "w"));
  });

  test("inf + -inf sums to 0; 0 × inf weighs 0", ({ expect }) => {
    const { run } = setup();
    run("ZADD", "pinf", "+inf", "m");
    run("ZADD", "ninf", "-inf", "m");
    expect(run("ZUNION", "2", "pinf", "ninf", "WITHSCORES")).toEqual(r.bulks("m", "0"));
    expect(run("ZUNION", "1", "pinf", "WEIGHTS", "0", "WITHSCORES")).toEqual(r.bulks("m", "0"));
  });

  test("COMMAND GETKEYS uses numkeys", ({ expect }) => {
    const { run } = setup();
    expect(run("COMMAND", "GETKEYS", "ZUNION", "2", "a", "b", "WITHSCORES")).toEqual(
      r.bulks("a", "b"),
    );
  });

  test.for([
    [["ZUNION", "0", "a"], ERR.NO_INPUT_KEYS("zunion")],
    [["ZUNION", "-1", "a"], ERR.NO_INPUT_KEYS("zunion")],
    [["ZUNION", "x", "a"], ERR.NOT_INTEGER],
    [["ZUNION", "3", "a", "b"], ERR.SYNTAX],
    [["ZUNION", "1", "a", "WEIGHTS"], ERR.SYNTAX],
    [["ZUNION", "1", "a", "WEIGHTS", "x"], ERR.WEIGHT_NOT_FLOAT],
    [["ZUNION", "2", "a", "b", "WEIGHTS", "1"], ERR.SYNTAX],
    [["ZUNION", "1", "a", "AGGREGATE", "AVG"], ERR.SYNTAX],
    [["ZUNION", "1", "a", "LIMIT", "1"], ERR.SYNTAX],
    [["ZUNION", "2", "a", "str"], ERR.WRONGTYPE],
    [["ZUNION", "2", "str", "a", "WEIGHTS", "x"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
