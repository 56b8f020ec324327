import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY HISTOGRAM", () => {
  test("empty (commands are not timed)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "HISTOGRAM")).toEqual(r.arr());
    expect(run("LATENCY", "HISTOGRAM", "set")).toEqual(r.arr());
  });
});
