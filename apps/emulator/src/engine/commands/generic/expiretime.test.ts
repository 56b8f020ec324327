import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("EXPIRETIME", () => {
  test("the absolute expiry in seconds, -1 and -2", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("EXPIRETIME", "nope")).toEqual(r.int(-2));
    run("SET", "k", "v");
    expect(run("EXPIRETIME", "k")).toEqual(r.int(-1));
    run("PEXPIREAT", "k", String(clock.now() + 1500));
    expect(run("EXPIRETIME", "k")).toEqual(r.int(Math.floor((clock.now() + 1500 + 500) / 1000)));
  });
});
