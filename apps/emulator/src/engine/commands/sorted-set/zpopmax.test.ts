import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZPOPMAX", () => {
  test("pops the highest first", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZPOPMAX", "z")).toEqual(r.bulks("c", "3"));
    expect(run("ZPOPMAX", "z", "2")).toEqual(r.bulks("b", "2", "a", "1"));
    expect(run("ZPOPMAX", "z", "2")).toEqual(r.arr());
  });

  test.for([
    [["ZPOPMAX", "z", "-1"], ERR.NOT_POSITIVE],
    [["ZPOPMAX", "s"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
