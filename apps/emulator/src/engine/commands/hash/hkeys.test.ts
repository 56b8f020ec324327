import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HKEYS", () => {
  test("the fields in order; empty for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "b", "1", "a", "2");
    expect(run("HKEYS", "h")).toEqual(r.bulks("b", "a"));
    expect(run("HKEYS", "nokey")).toEqual(r.arr());
  });

  test("skips expired fields", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HKEYS", "h")).toEqual(r.bulks("b"));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HKEYS", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
