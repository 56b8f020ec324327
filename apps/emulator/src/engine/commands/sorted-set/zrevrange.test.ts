import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREVRANGE", () => {
  test("indexes from the highest score", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZREVRANGE", "z", "0", "1", "WITHSCORES")).toEqual(r.bulks("c", "3", "b", "2"));
    expect(run("ZREVRANGE", "z", "-1", "-1")).toEqual(r.bulks("a"));
    expect(run("ZREVRANGE", "missing", "0", "-1")).toEqual(r.arr());
  });

  test.for([
    [["ZREVRANGE", "z", "0", "1", "REV"], ERR.SYNTAX],
    [["ZREVRANGE", "z", "0", "1", "BYSCORE"], ERR.SYNTAX],
    [["ZREVRANGE", "z", "0", "1", "LIMIT", "0", "1"], ERR.LIMIT_WITHOUT_BY],
    [["ZREVRANGE", "z", "x", "1"], ERR.NOT_INTEGER],
    [["ZREVRANGE", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
