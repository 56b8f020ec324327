import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("MODULE LIST", () => {
  test("no modules", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MODULE", "LIST")).toEqual(r.arr());
  });
});
