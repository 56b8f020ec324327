import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RPOP", () => {
  test("from the tail, with and without a count", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c", "d");
    expect(run("RPOP", "k")).toEqual(r.bulk("d"));
    expect(run("RPOP", "k", "2")).toEqual(r.bulks("c", "b"));
    expect(run("RPOP", "k", "0")).toEqual(r.arr());
    expect(run("RPOP", "k", "9")).toEqual(r.bulks("a"));
    expect(run("RPOP", "k")).toEqual(r.nil);
    expect(run("RPOP", "k", "1")).toEqual(r.nilArray);
  });

  test.for([
    [["RPOP", "k", "-1"], ERR.NOT_POSITIVE],
    [["RPOP", "k", "1", "2"], ERR.WRONG_ARITY("rpop")],
    [["RPOP", "s"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
