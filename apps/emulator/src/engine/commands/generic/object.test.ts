import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("OBJECT", () => {
  test.for([
    [["OBJECT"], ERR.WRONG_ARITY("object")],
    [["OBJECT", "nope", "k"], ERR.UNKNOWN_SUBCOMMAND("nope", "OBJECT")],
    [["OBJECT", "ENCODING"], ERR.WRONG_ARITY("object|encoding")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
