import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("MEMORY PURGE", () => {
  test("OK", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MEMORY", "PURGE")).toEqual(r.ok);
  });
});
