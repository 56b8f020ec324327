import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZRANGEBYSCORE", () => {
  test("min max with WITHSCORES and LIMIT in any order", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZRANGEBYSCORE", "z", "1", "(3")).toEqual(r.bulks("a", "b"));
    expect(run("ZRANGEBYSCORE", "z", "-inf", "+inf", "LIMIT", "1", "1", "WITHSCORES")).toEqual(
      r.bulks("b", "2"),
    );
    expect(run("ZRANGEBYSCORE", "z", "3", "1")).toEqual(r.arr());
    expect(run("ZRANGEBYSCORE", "missing", "1", "2")).toEqual(r.arr());
  });

  test.for([
    [["ZRANGEBYSCORE", "z", "1", "2", "REV"], ERR.SYNTAX],
    [["ZRANGEBYSCORE", "z", "1", "2", "BYSCORE"], ERR.SYNTAX],
    [["ZRANGEBYSCORE", "z", "x", "2"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZRANGEBYSCORE", "s", "1", "2"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
