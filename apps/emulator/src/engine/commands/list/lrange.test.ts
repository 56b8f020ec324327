import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LRANGE", () => {
  test("inclusive ranges with negative indexes and clamping", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c", "d");
    expect(run("LRANGE", "k", "1", "2")).toEqual(r.bulks("b", "c"));
    expect(run("LRANGE", "k", "-2", "-1")).toEqual(r.bulks("c", "d"));
    expect(run("LRANGE", "k", "-100", "100")).toEqual(r.bulks("a", "b", "c", "d"));
    expect(run("LRANGE", "k", "3", "1")).toEqual(r.arr());
    expect(run("LRANGE", "k", "5", "10")).toEqual(r.arr());
    expect(run("LRANGE", "k", "0", "-5")).toEqual(r.arr());
    expect(run("LRANGE", "missing", "0", "-1")).toEqual(r.arr());
  });

  test.for([
    [["LRANGE", "k", "x", "1"], ERR.NOT_INTEGER],
    [["LRANGE", "missing", "0", "x"], ERR.NOT_INTEGER],
    [["LRANGE", "k", "0", "99999999999999999999"], ERR.NOT_INTEGER],
    [["LRANGE", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
