import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY HISTORY", () => {
  test("empty", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "HISTORY", "command")).toEqual(r.arr());
  });
});
