import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HSTRLEN", () => {
  test("the length in bytes of the value; 0 for a missing field or key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "hello", "n", "-123", "bin", "\u00ff\u0000");
    expect(run("HSTRLEN", "h", "a")).toEqual(r.int(5));
    expect(run("HSTRLEN", "h", "n")).toEqual(r.int(4));
    expect(run("HSTRLEN", "h", "bin")).toEqual(r.int(2));
    expect(run("HSTRLEN", "h", "zz")).toEqual(r.int(0));
    expect(run("HSTRLEN", "nokey", "a")).toEqual(r.int(0));
  });

  test("0 once the field expired", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "hello", "b", "x");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HSTRLEN", "h", "a")).toEqual(r.int(0));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HSTRLEN", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
