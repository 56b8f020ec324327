import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREVRANGEBYSCORE", () => {
  test("max min, highest first, with LIMIT", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZREVRANGEBYSCORE", "z", "+inf", "(1", "WITHSCORES")).toEqual(
      r.bulks("c", "3", "b", "2"),
    );
    expect(run("ZREVRANGEBYSCORE", "z", "3", "1", "LIMIT", "1", "5")).toEqual(r.bulks("b", "a"));
    expect(run("ZREVRANGEBYSCORE", "z", "1", "3")).toEqual(r.arr());
  });

  test.for([
    [["ZREVRANGEBYSCORE", "z", "2", "1", "REV"], ERR.SYNTAX],
    [["ZREVRANGEBYSCORE", "z", "2", "x"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZREVRANGEBYSCORE", "s", "2", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
