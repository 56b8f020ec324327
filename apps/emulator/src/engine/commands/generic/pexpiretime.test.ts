import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("PEXPIRETIME", () => {
  test("the absolute expiry in milliseconds, -1 and -2", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("PEXPIRETIME", "nope")).toEqual(r.int(-2));
    run("SET", "k", "v");
    expect(run("PEXPIRETIME", "k")).toEqual(r.int(-1));
    run("PEXPIRE", "k", "1234");
    expect(run("PEXPIRETIME", "k")).toEqual(r.int(clock.now() + 1234));
  });
});
