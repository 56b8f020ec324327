import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("TIME", () => {
  test("seconds and microseconds of the clock", ({ expect }) => {
    const { run, clock } = createTestEngine();
    clock.set(1_700_000_000_123);
    expect(run("TIME")).toEqual(r.bulks("1700000000", "123000"));
  });
});
