import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("ROLE", () => {
  test("a master without replicas", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ROLE")).toEqual(r.arr(r.bulk("master"), r.int(0), r.arr()));
  });
});
