import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("KEYS", () => {
  test("every key matching the glob", ({ expect }) => {
    const { run } = createTestEngine();
    for (const key of ["one", "two", "three", "four"]) {
      run("SET", key, "v");
    }
    const sorted = (reply: ReturnType<typeof run>): string[] =>
      reply.kind === "array"
        ? reply.items.map((item) => (item.kind === "bulk" ? item.value : "")).sort()
        : [];
    expect(sorted(run("KEYS", "*"))).toEqual(["four", "one", "three", "two"]);
    expect(sorted(run("KEYS", "t*"))).toEqual(["three", "two"]);
    expect(sorted(run("KEYS", "?o*"))).toEqual(["four"]);
    expect(sorted(run("KEYS", "[ot]*e"))).toEqual(["one", "three"]);
  });

  test("a literal pattern is an exact lookup", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "one", "v");
    expect(run("KEYS", "one")).toEqual(r.bulks("one"));
    expect(run("KEYS", "on")).toEqual(r.arr());
  });

  test("skips expired keys", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "v", "PX", "5");
    run("SET", "b", "v");
    clock.advance(5);
    expect(run("KEYS", "*")).toEqual(r.bulks("b"));
  });
});
