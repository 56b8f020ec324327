import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("PTTL", () => {
  test("milliseconds left, -1 and -2", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("PTTL", "nope")).toEqual(r.int(-2));
    run("SET", "k", "v");
    expect(run("PTTL", "k")).toEqual(r.int(-1));
    run("PEXPIRE", "k", "1000");
    clock.advance(400);
    expect(run("PTTL", "k")).toEqual(r.int(600));
  });
});
