import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SDIFF", () => {
  test("members of the first set in none of the others, in its order", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "w", "x", "y", "z");
    run("SADD", "b", "x");
    run("SADD", "c", "z", "q");
    expect(run("SDIFF", "a", "b", "nokey", "c")).toEqual(r.bulks("w", "y"));
    expect(run("SDIFF", "a")).toEqual(r.bulks("w", "x", "y", "z"));
  });

  test("both strategies give the same answer", ({ expect }) => {
    const { run } = createTestEngine();
    const many = Array.from({ length: 50 }, (_, i) => `m${i}`);
    run("SADD", "big", ...many);
    run("SADD", "small", "m1", "m2", "other");
    // Small first set against a big one: each member is checked.
    expect(run("SDIFF", "small", "big")).toEqual(r.bulks("other"));
    // Big first set against small ones: the first set is copied and the others removed.
    const rest = many.filter((member) => member !== "m1" && member !== "m2");
    expect(run("SDIFF", "big", "small")).toEqual(r.bulks(...rest));
  });

  test("empty when the first key is missing or repeated", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "x");
    expect(run("SDIFF", "nokey", "a")).toEqual(r.arr());
    expect(run("SDIFF", "a", "nokey", "a")).toEqual(r.arr());
  });

  test("integers come sorted (the result starts as an intset)", ({ expect }) => {
    const { run } = createTestEngine({ config: { "set-max-listpack-entries": "1" } });
    run("SADD", "a", "9", "3", "7");
    run("SADD", "b", "7", "x");
    expect(run("SDIFF", "a", "b")).toEqual(r.bulks("3", "9"));
  });

  test("WRONGTYPE if any key is not a set", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SDIFF", "nokey", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
