import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LPOP", () => {
  test("one element as a bulk string; the key goes when empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b");
    expect(run("LPOP", "k")).toEqual(r.bulk("a"));
    expect(run("LPOP", "k")).toEqual(r.bulk("b"));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    expect(run("LPOP", "k")).toEqual(r.nil);
  });

  test("with a count, an array (null array when missing, empty for 0)", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c");
    expect(run("LPOP", "k", "0")).toEqual(r.arr());
    expect(run("LPOP", "k", "2")).toEqual(r.bulks("a", "b"));
    expect(run("LPOP", "k", "5")).toEqual(r.bulks("c"));
    expect(run("LPOP", "k", "2")).toEqual(r.nilArray);
  });

  test.for([
    [["LPOP", "k", "-1"], ERR.NOT_POSITIVE],
    [["LPOP", "k", "x"], ERR.NOT_POSITIVE],
    [["LPOP", "k", "1", "2"], ERR.WRONG_ARITY("lpop")],
    [["LPOP", "s"], ERR.WRONGTYPE],
    [["LPOP", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("an expired list pops nothing", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("RPUSH", "k", "a");
    engine.databases[0]?.setExpiresAt("k", clock.now() + 10);
    clock.advance(10);
    expect(run("LPOP", "k")).toEqual(r.nil);
  });
});
