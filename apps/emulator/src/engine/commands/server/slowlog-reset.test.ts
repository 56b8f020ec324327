import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("SLOWLOG RESET", () => {
  test("OK", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLOWLOG", "RESET")).toEqual(r.ok);
  });
});
