import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SINTER", () => {
  test("members in every set, in the smallest set's order", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "w", "x", "y", "z");
    run("SADD", "b", "z", "x", "q");
    expect(run("SINTER", "a", "b")).toEqual(r.bulks("z", "x"));
    expect(run("SINTER", "a")).toEqual(r.bulks("w", "x", "y", "z"));
    expect(run("SINTER", "a", "a")).toEqual(r.bulks("w", "x", "y", "z"));
  });

  test("a missing key makes it empty, but every key is still type-checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "x");
    run("SET", "str", "v");
    expect(run("SINTER", "a", "nokey")).toEqual(r.arr());
    expect(run("SINTER", "nokey", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
