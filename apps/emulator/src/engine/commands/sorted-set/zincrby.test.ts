import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZINCRBY", () => {
  test("increments from 0 and answers the score", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ZINCRBY", "z", "2", "a")).toEqual(r.bulk("2"));
    expect(run("ZINCRBY", "z", "0.1", "a")).toEqual(r.bulk("2.1"));
    expect(run("ZINCRBY", "z", "-inf", "a")).toEqual(r.bulk("-inf"));
  });

  test.for([
    [["ZINCRBY", "z", "x", "a"], ERR.NOT_FLOAT],
    [["ZINCRBY", "z", "nx", "a"], ERR.SYNTAX],
    [["ZINCRBY", "z", "+inf", "inf"], ERR.SCORE_NAN],
    [["ZINCRBY", "s", "1", "a"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    run("ZADD", "z", "-inf", "inf");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
