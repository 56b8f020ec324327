import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("SLOWLOG LEN", () => {
  test("0", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLOWLOG", "LEN")).toEqual(r.int(0));
  });
});
