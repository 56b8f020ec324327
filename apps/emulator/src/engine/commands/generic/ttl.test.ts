import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("TTL", () => {
  test("-2 without the key, -1 without a TTL, else seconds rounded to the nearest", ({
    expect,
  }) => {
    const { run, clock } = createTestEngine();
    expect(run("TTL", "nope")).toEqual(r.int(-2));
    run("SET", "k", "v");
    expect(run("TTL", "k")).toEqual(r.int(-1));
    run("PEXPIRE", "k", "10000");
    clock.advance(500);
    // 9.5 s left rounds up, as Redis's (ttl + 500) / 1000.
    expect(run("TTL", "k")).toEqual(r.int(10));
    clock.advance(1);
    expect(run("TTL", "k")).toEqual(r.int(9));
    clock.advance(9499);
    expect(run("TTL", "k")).toEqual(r.int(-2));
  });
});
