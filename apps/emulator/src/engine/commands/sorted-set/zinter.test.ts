import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function setup() {
  const engine = createTestEngine();
  engine.run("ZADD", "a", "1", "x", "2", "y", "3", "z");
  engine.run("ZADD", "b", "10", "x", "20", "y");
  engine.run("SADD", "s", "x", "q");
  engine.run("SET", "str", "v");
  return engine;
}

describe("ZINTER", () => {
  test("members in every input with aggregated scores", ({ expect }) => {
    const { run } = setup();
    expect(run("ZINTER", "2", "a", "b", "WITHSCORES")).toEqual(r.bulks("x", "11", "y", "22"));
    expect(run("ZINTER", "2", "a", "s", "WITHSCORES")).toEqual(r.bulks("x", "2"));
    expect(run("ZINTER", "2", "a", "b", "AGGREGATE", "MAX", "WEIGHTS", "1", "0.1")).toEqual(
      r.bulks("x", "y"),
    );
    expect(run("ZINTER", "2", "a", "a", "WITHSCORES")).toEqual(
      r.bulks("x", "2", "y", "4", "z", "6"),
    );
    expect(run("ZINTER", "2", "a", "missing")).toEqual(r.arr());
  });

  test.for([
    [["ZINTER", "0", "a"], ERR.NO_INPUT_KEYS("zinter")],
    [["ZINTER", "1", "a", "WITHSCORES", "x"], ERR.SYNTAX],
    [["ZINTER", "2", "a", "str"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = setup();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
