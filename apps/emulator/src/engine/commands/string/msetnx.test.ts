import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MSETNX", () => {
  test("sets every key only when none exists", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MSETNX", "a", "1", "b", "2")).toEqual(r.int(1));
    expect(run("MSETNX", "c", "3", "b", "x")).toEqual(r.int(0));
    expect(run("MGET", "a", "b", "c")).toEqual(r.arr(r.bulk("1"), r.bulk("2"), r.nil));
    // A key repeated within the command does not block itself.
    expect(run("MSETNX", "d", "1", "d", "2")).toEqual(r.int(1));
    expect(run("GET", "d")).toEqual(r.bulk("2"));
  });

  test("an expired key does not exist", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "1", "PX", "5");
    clock.advance(5);
    expect(run("MSETNX", "a", "2")).toEqual(r.int(1));
  });

  test("an odd number of arguments is an arity error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MSETNX", "a", "1", "b")).toEqual(r.err(ERR.WRONG_ARITY("msetnx")));
  });
});
