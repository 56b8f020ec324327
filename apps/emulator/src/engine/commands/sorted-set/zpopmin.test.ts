import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZPOPMIN", () => {
  test("pops the lowest, as a flat member/score array", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZPOPMIN", "z")).toEqual(r.bulks("a", "1"));
    expect(run("ZPOPMIN", "z", "0")).toEqual(r.arr());
    expect(run("ZPOPMIN", "z", "5")).toEqual(r.bulks("b", "2", "c", "3"));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
    expect(run("ZPOPMIN", "z")).toEqual(r.arr());
  });

  test.for([
    [["ZPOPMIN", "z", "-1"], ERR.NOT_POSITIVE],
    [["ZPOPMIN", "z", "x"], ERR.NOT_POSITIVE],
    [["ZPOPMIN", "z", "1", "2"], ERR.SYNTAX],
    [["ZPOPMIN", "s"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
