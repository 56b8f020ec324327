import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("INCRBY", () => {
  test("adds a 64-bit increment", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("INCRBY", "k", "-5")).toEqual(r.int(-5));
    expect(run("INCRBY", "k", "9223372036854775807")).toEqual(r.int(9223372036854775802n));
    expect(run("INCRBY", "k", "6")).toEqual(r.err(ERR.INCR_OVERFLOW));
  });

  test.for([["a"], ["1.0"], ["9223372036854775808"], [" 1"]])(
    "%j is no integer",
    ([by], { expect }) => {
      const { run } = createTestEngine();
      expect(run("INCRBY", "k", by ?? "")).toEqual(r.err(ERR.NOT_INTEGER));
    },
  );
});
