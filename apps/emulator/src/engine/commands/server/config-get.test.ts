import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CONFIG GET", () => {
  test("name/value pairs for every matching parameter, each once", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "GET", "maxmemory")).toEqual(r.bulks("maxmemory", "0"));
    expect(run("CONFIG", "GET", "HZ", "hz", "h?")).toEqual(r.bulks("hz", "10"));
    expect(run("CONFIG", "GET", "nothing-*")).toEqual(r.arr());
  });

  test("aliases are parameters of their own", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "GET", "list-max-*")).toEqual(
      r.bulks("list-max-listpack-size", "-2", "list-max-ziplist-size", "-2"),
    );
  });
});
