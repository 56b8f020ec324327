import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("EXISTS", () => {
  test("counts existing keys, repeats included", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2");
    expect(run("EXISTS", "a")).toEqual(r.int(1));
    expect(run("EXISTS", "a", "b", "c", "a")).toEqual(r.int(3));
    expect(run("EXISTS", "nope")).toEqual(r.int(0));
  });

  test("expired keys do not exist", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "1", "PX", "10");
    clock.advance(10);
    expect(run("EXISTS", "a")).toEqual(r.int(0));
  });
});
