import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREVRANK", () => {
  test("descending rank, with the score on WITHSCORE", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZREVRANK", "z", "a")).toEqual(r.int(2));
    expect(run("ZREVRANK", "z", "c", "WITHSCORE")).toEqual(r.arr(r.int(0), r.bulk("3")));
    expect(run("ZREVRANK", "z", "x")).toEqual(r.nil);
    expect(run("ZREVRANK", "missing", "x", "WITHSCORE")).toEqual(r.nilArray);
  });

  test.for([
    [["ZREVRANK", "z", "a", "WITHSCORES"], ERR.SYNTAX],
    [["ZREVRANK", "z", "a", "WITHSCORE", "x"], ERR.WRONG_ARITY("zrevrank")],
    [["ZREVRANK", "s", "a"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
