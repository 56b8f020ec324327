import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("DBSIZE", () => {
  test("the number of keys in the selected database", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DBSIZE")).toEqual(r.int(0));
    run("SET", "a", "1");
    run("SET", "b", "2");
    expect(run("DBSIZE")).toEqual(r.int(2));
    run("SELECT", "1");
    expect(run("DBSIZE")).toEqual(r.int(0));
  });
});
