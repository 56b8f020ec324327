import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("DECRBY", () => {
  test("subtracts a 64-bit decrement", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DECRBY", "k", "5")).toEqual(r.int(-5));
    expect(run("DECRBY", "k", "-9223372036854775807")).toEqual(r.int(9223372036854775802n));
    expect(run("DECRBY", "k", "-6")).toEqual(r.err(ERR.INCR_OVERFLOW));
  });

  test("INT64_MIN cannot be negated, whatever the key holds", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "x");
    expect(run("DECRBY", "k", "-9223372036854775808")).toEqual(r.err(ERR.DECREMENT_OVERFLOW));
    expect(run("DECRBY", "k", "a")).toEqual(r.err(ERR.NOT_INTEGER));
  });
});
