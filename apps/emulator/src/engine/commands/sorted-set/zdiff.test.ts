import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "a", "1", "x", "2", "y", "3", "z");
  engine.run("ZADD", "b", "10", "x");
  engine.run("SADD", "s", "z");
  engine.run("SET", "str", "v");
  return engine;
}

describe("ZDIFF", () => {
  test("members of the first input in no other, with their scores", ({ expect }) => {
    const { run } = setup();
    expect(run("ZDIFF", "3", "a", "b", "s", "WITHSCORES")).toEqual(r.bulks("y", "2"));
    expect(run("ZDIFF", "2", "a", "missing")).toEqual(r.bulks("x", "y", "z"));
    expect(run("ZDIFF", "2", "a", "a")).toEqual(r.arr());
    expect(run("ZDIFF", "2", "missing", "a")).toEqual(r.arr());
  });

  test.for([
    [["ZDIFF", "0", "a"], ERR.NO_INPUT_KEYS("zdiff")],
    [["ZDIFF", "1", "a", "WEIGHTS", "1"], ERR.SYNTAX],
    [["ZDIFF", "1", "a", "AGGREGATE", "MIN"], ERR.SYNTAX],
    [["ZDIFF", "2", "a", "str"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
