import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY RESET", () => {
  test("nothing to reset", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "RESET")).toEqual(r.int(0));
    expect(run("LATENCY", "RESET", "command", "fork")).toEqual(r.int(0));
  });
});
