import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("SORT_RO", () => {
  test("sorts like SORT", ({ expect }) => {
    const { run, engine } = createTestEngine();
    engine.databases[0]?.set("l", new List(["b", "a"]));
    expect(run("SORT_RO", "l", "ALPHA")).toEqual(r.bulks("a", "b"));
    expect(run("SORT_RO", "nope")).toEqual(r.arr());
  });

  test("STORE is not an option", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SORT_RO", "l", "STORE", "x")).toEqual(r.err(ERR.SYNTAX));
  });
});
