import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("TOUCH", () => {
  test("counts the existing keys", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2", "PX", "5");
    clock.advance(5);
    expect(run("TOUCH", "a", "b", "c", "a")).toEqual(r.int(2));
  });
});
