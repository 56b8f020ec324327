import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZRANGESTORE", () => {
  test("stores any ZRANGE selection and answers its size", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZRANGESTORE", "d", "z", "0", "1")).toEqual(r.int(2));
    expect(run("ZRANGE", "d", "0", "-1", "WITHSCORES")).toEqual(r.bulks("a", "1", "b", "2"));
    expect(run("ZRANGESTORE", "d", "z", "+inf", "(1", "BYSCORE", "REV", "LIMIT", "0", "1")).toEqual(
      r.int(1),
    );
    expect(run("ZRANGE", "d", "0", "-1")).toEqual(r.bulks("c"));
  });

  test("replaces any type and clears the TTL; an empty result deletes the destination", ({
    expect,
  }) => {
    const { run, engine, clock } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "d", "v");
    engine.databases[0]?.setExpiresAt("d", clock.now() + 100);
    expect(run("ZRANGESTORE", "d", "z", "0", "-1")).toEqual(r.int(1));
    clock.advance(100);
    expect(run("ZCARD", "d")).toEqual(r.int(1));
    expect(run("ZRANGESTORE", "d", "z", "5", "6")).toEqual(r.int(0));
    expect(run("EXISTS", "d")).toEqual(r.int(0));
    run("SET", "d", "v");
    expect(run("ZRANGESTORE", "d", "missing", "0", "-1")).toEqual(r.int(0));
    expect(run("EXISTS", "d")).toEqual(r.int(0));
  });

  test.for([
    [["ZRANGESTORE", "d", "z", "0", "-1", "WITHSCORES"], ERR.SYNTAX],
    [["ZRANGESTORE", "d", "z", "0", "-1", "LIMIT", "0", "1"], ERR.LIMIT_WITHOUT_BY],
    [["ZRANGESTORE", "d", "s", "0", "-1"], ERR.WRONGTYPE],
  ] as const)("%j → %s, the destination untouched", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    run("SET", "d", "keep");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "d")).toEqual(r.bulk("keep"));
  });
});
