import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("TYPE", () => {
  test("names the type, or none", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "s", "v");
    engine.databases[0]?.set("l", new List(["a"]));
    expect(run("TYPE", "s")).toEqual(r.simple("string"));
    expect(run("TYPE", "l")).toEqual(r.simple("list"));
    expect(run("TYPE", "nope")).toEqual(r.simple("none"));
  });
});
