import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREMRANGEBYSCORE", () => {
  test("removes by score; the key goes when empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZREMRANGEBYSCORE", "z", "(1", "2")).toEqual(r.int(1));
    expect(run("ZREMRANGEBYSCORE", "z", "10", "20")).toEqual(r.int(0));
    expect(run("ZRANGE", "z", "0", "-1")).toEqual(r.bulks("a", "c"));
    expect(run("ZREMRANGEBYSCORE", "z", "-inf", "+inf")).toEqual(r.int(2));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
    expect(run("ZREMRANGEBYSCORE", "z", "-inf", "+inf")).toEqual(r.int(0));
  });

  test.for([
    [["ZREMRANGEBYSCORE", "z", "x", "1"], ERR.MIN_MAX_NOT_FLOAT],
    [["ZREMRANGEBYSCORE", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
