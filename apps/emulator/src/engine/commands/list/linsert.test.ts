import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LINSERT", () => {
  test("inserts before or after the first pivot from the head", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "a");
    expect(run("LINSERT", "k", "BEFORE", "a", "x")).toEqual(r.int(4));
    expect(run("LINSERT", "k", "after", "a", "y")).toEqual(r.int(5));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("x", "a", "y", "b", "a"));
  });

  test("-1 without the pivot, 0 without the key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LINSERT", "k", "BEFORE", "a", "x")).toEqual(r.int(0));
    run("RPUSH", "k", "a");
    expect(run("LINSERT", "k", "BEFORE", "zz", "x")).toEqual(r.int(-1));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("a"));
  });

  test.for([
    [["LINSERT", "k", "MIDDLE", "a", "x"], ERR.SYNTAX],
    [["LINSERT", "missing", "MIDDLE", "a", "x"], ERR.SYNTAX],
    [["LINSERT", "s", "BEFORE", "a", "x"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
