import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HVALS", () => {
  test("the values in order; empty for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "b", "1", "a", "2");
    expect(run("HVALS", "h")).toEqual(r.bulks("1", "2"));
    expect(run("HVALS", "nokey")).toEqual(r.arr());
  });

  test("skips expired fields", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HVALS", "h")).toEqual(r.bulks("2"));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HVALS", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
