import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("DECR", () => {
  test("subtracts one, down to INT64_MIN", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DECR", "k")).toEqual(r.int(-1));
    run("SET", "k", "-9223372036854775807");
    expect(run("DECR", "k")).toEqual(r.int(-9223372036854775808n));
    expect(run("DECR", "k")).toEqual(r.err(ERR.INCR_OVERFLOW));
    run("SET", "k", "x");
    expect(run("DECR", "k")).toEqual(r.err(ERR.NOT_INTEGER));
  });
});
