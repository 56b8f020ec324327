import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "a", "1", "x", "2", "y", "3", "z");
  engine.run("ZADD", "b", "10", "x", "20", "y");
  engine.run("SET", "str", "v");
  return engine;
}

describe("ZINTERCARD", () => {
  test("the size of the intersection, stopped at LIMIT", ({ expect }) => {
    const { run } = setup();
    expect(run("ZINTERCARD", "2", "a", "b")).toEqual(r.int(2));
    expect(run("ZINTERCARD", "2", "a", "b", "LIMIT", "1")).toEqual(r.int(1));
    expect(run("ZINTERCARD", "2", "a", "b", "LIMIT", "0")).toEqual(r.int(2));
    expect(run("ZINTERCARD", "2", "a", "missing")).toEqual(r.int(0));
  });

  test.for([
    [["ZINTERCARD", "0", "a"], ERR.NO_INPUT_KEYS("zintercard")],
    [["ZINTERCARD", "1", "a", "LIMIT", "-1"], ERR.LIMIT_NEGATIVE],
    [["ZINTERCARD", "1", "a", "LIMIT", "x"], ERR.LIMIT_NEGATIVE],
    [["ZINTERCARD", "1", "a", "WITHSCORES"], ERR.SYNTAX],
    [["ZINTERCARD", "1", "a", "WEIGHTS", "1"], ERR.SYNTAX],
    [["ZINTERCARD", "2", "a", "str"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
