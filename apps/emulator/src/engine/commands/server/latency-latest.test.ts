import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY LATEST", () => {
  test("empty", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "LATEST")).toEqual(r.arr());
  });
});
